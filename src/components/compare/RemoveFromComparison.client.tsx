'use client'

import { unpick } from '@/client/compareChoice'
import { Link } from '@/i18n/navigation'

/** The comparison page's "Remove": a plain link to the set without it, dropping it from the choice. */
export function RemoveFromComparison({
  slug,
  href,
  label,
}: {
  slug: string
  href: string
  label: string
}) {
  return (
    <Link href={href} className="compare-remove" onClick={() => unpick(slug)}>
      {label}
    </Link>
  )
}
