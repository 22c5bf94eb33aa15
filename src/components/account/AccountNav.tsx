import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { canManageEmployees } from '@/lib/roles'
import type { User } from '@payload-types'

type Section = 'resources' | 'reviews' | 'employees'

/**
 * The account area's sections (/account and its children): my resources, reviews on them, and,
 * for owners and admins, employees. The current one is marked for assistive technology too.
 */
export async function AccountNav({ user, current }: { user: User; current: Section }) {
  const t = await getTranslations('my-resources')
  const sections: Array<{ id: Section; href: string; label: string }> = [
    { id: 'resources', href: '/account', label: t('nav-resources') },
    { id: 'reviews', href: '/account/reviews', label: t('nav-reviews') },
  ]
  if (canManageEmployees(user)) {
    sections.push({ id: 'employees', href: '/account/users', label: t('nav-employees') })
  }
  return (
    <nav className="account-nav" aria-label={t('nav-label')}>
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
        <li>
          <Link href="/profile">{t('nav-profile')}</Link>
        </li>
      </ul>
    </nav>
  )
}
