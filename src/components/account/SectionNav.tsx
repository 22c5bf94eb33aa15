import type { ReactNode } from 'react'

import { Link } from '@/i18n/navigation'

export type NavSection<Id extends string> = { id: Id; href: string; label: string }

/**
 * A signed-in area's sections as a row of links (the account area, the moderation area), the
 * current one marked for assistive technology too; `children` adds items after them.
 */
export function SectionNav<Id extends string>({
  label,
  sections,
  current,
  children,
}: {
  label: string
  sections: ReadonlyArray<NavSection<Id>>
  current: Id
  children?: ReactNode
}) {
  return (
    <nav className="account-nav" aria-label={label}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              href={section.href}
              aria-current={section.id === current ? 'page' : undefined}
              className={section.id === current ? 'is-current' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  )
}
