'use client'

import { useTranslations } from 'next-intl'

import { buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'

/**
 * The one message a member blocked on the site sees (spec: 'You are blocked.'): why, and how to
 * appeal. Tickets need a session, which a blocked account cannot have: the contact form is open
 * to everyone.
 */
export function BlockedNotice({ reason }: { reason: string | null }) {
  const t = useTranslations('blocked')
  return (
    <div className="blocked-notice card" role="alert">
      <p className="blocked-notice-title">{t('title')}</p>
      <p>{reason ? t('reason', { reason }) : t('no-reason')}</p>
      <p>{t('appeal')}</p>
      <Link href="/contacts" className={buttonClass({ variant: 'secondary', size: 's' })}>
        {t('appeal-link')}
      </Link>
    </div>
  )
}
