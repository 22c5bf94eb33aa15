'use client'

import { unpick } from '@/client/compareChoice'
import { Link } from '@/i18n/navigation'

/** The comparison page's "Remove": a plain link to the set without it, dropping it from the choice. */
export function RemoveFromComparison({
  slug,
  href,
  label,
  text,
}: {
  slug: string
  href: string
  /** What it does, named: "Remove Gadget Corner from the comparison". */
  label: string
  /** What it shows: "Remove". */
  text: string
}) {
  return (
    <Link href={href} className="compare-remove" aria-label={label} onClick={() => unpick(slug)}>
      <span aria-hidden="true">× </span>
      {text}
    </Link>
  )
}
