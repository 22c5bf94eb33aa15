'use client'

import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'

import { buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'
import { withNextParam } from '@/routes'

/** A guest's invitation to sign in and comment, back on this article afterwards. */
export function CommentsSignIn() {
  const t = useTranslations('comments')
  const pathname = usePathname()
  return (
    <div className="comments-sign-in">
      <p>{t('sign-in-text')}</p>
      <Link
        href={withNextParam({ path: '/signin', next: pathname })}
        className={buttonClass({ variant: 'secondary' })}
      >
        {t('sign-in')}
      </Link>
    </div>
  )
}
