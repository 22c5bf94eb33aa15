import { getTranslations } from 'next-intl/server'

import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { Link } from '@/i18n/navigation'
import { NEXT_PARAM } from '@/routes'

/** What a guest sees on a page for signed-in users that the route table leaves public. */
export async function SignInPrompt({
  title,
  text,
  next,
}: {
  title: string
  text: string
  next: string
}) {
  const t = await getTranslations('header')
  return (
    <EmptyState
      title={title}
      action={
        <Link
          href={`/signin?${NEXT_PARAM}=${encodeURIComponent(next)}`}
          className={buttonClass({ size: 's' })}
        >
          {t('sign-in')}
        </Link>
      }
    >
      <p>{text}</p>
    </EmptyState>
  )
}
