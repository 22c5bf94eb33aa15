import { notFound } from 'next/navigation'

/** Any path no route claims renders the localized 404 page. */
export default function CatchAll() {
  notFound()
}
