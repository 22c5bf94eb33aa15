import { getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import { type NavSection, SectionNav } from '@/components/account/SectionNav'
import { EmptyState } from '@/components/ui/States'
import { MODERATION_PATHS } from '@/lib/moderation'
import { canModerate } from '@/lib/roles'
import type { User } from '@payload-types'

import '@/components/account/account.css'
import './moderation.css'

type Section = 'dashboard' | 'reports' | 'held' | 'resources' | 'contacts'

/**
 * A moderators' screen: its title, the moderation sections (the current one marked), then its
 * content, for admins only; anyone else reads that the screen is the admins' (as /users says).
 */
export async function ModerationArea({
  user,
  current,
  title,
  actions,
  children,
}: {
  user: User
  current: Section
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  const t = await getTranslations('moderation')
  const sections: NavSection<Section>[] = [
    { id: 'dashboard', href: MODERATION_PATHS.dashboard, label: t('nav-dashboard') },
    { id: 'reports', href: MODERATION_PATHS.reports, label: t('nav-reports') },
    { id: 'held', href: MODERATION_PATHS.held, label: t('nav-held') },
    { id: 'resources', href: MODERATION_PATHS.resources, label: t('nav-resources') },
    { id: 'contacts', href: MODERATION_PATHS.contacts, label: t('nav-contacts') },
  ]
  const allowed = canModerate(user)
  return (
    <section className="account-area moderation-area" aria-labelledby="moderation-title">
      <header className="account-header">
        <h1 id="moderation-title">{title}</h1>
        {allowed && actions}
      </header>
      {allowed ? (
        <>
          <SectionNav label={t('nav-label')} sections={sections} current={current} />
          {children}
        </>
      ) : (
        <EmptyState title={t('admins-only')} />
      )}
    </section>
  )
}
