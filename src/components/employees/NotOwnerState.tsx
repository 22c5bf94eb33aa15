import { getTranslations } from 'next-intl/server'

import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { Link } from '@/i18n/navigation'

/** Told to someone who is no owner on the employees' screens: adding a resource makes one. */
export async function NotOwnerState({ mayAddResource }: { mayAddResource: boolean }) {
  const t = await getTranslations('employees')
  const resources = await getTranslations('my-resources')
  return (
    <EmptyState
      title={t('not-owner')}
      action={
        mayAddResource && (
          <Link href="/add-resource" className={buttonClass({ size: 's' })}>
            {resources('add-resource')}
          </Link>
        )
      }
    >
      <p>{t('not-owner-text')}</p>
    </EmptyState>
  )
}
