import { getTranslations } from 'next-intl/server'

import { type NavSection, SectionNav } from '@/components/account/SectionNav'
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
  const sections: NavSection<Section>[] = [
    { id: 'resources', href: '/account', label: t('nav-resources') },
    { id: 'reviews', href: '/account/reviews', label: t('nav-reviews') },
  ]
  if (canManageEmployees(user)) {
    sections.push({ id: 'employees', href: '/account/users', label: t('nav-employees') })
  }
  return (
    <SectionNav label={t('nav-label')} sections={sections} current={current}>
      <li>
        <Link href="/profile">{t('nav-profile')}</Link>
      </li>
    </SectionNav>
  )
}
