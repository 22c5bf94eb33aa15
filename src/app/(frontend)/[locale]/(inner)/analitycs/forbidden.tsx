import { getTranslations } from 'next-intl/server'

import { StatusPage } from '@/components/StatusPage'
import { buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'

/**
 * What `forbidden()` shows on /analitycs, with status 403: the page exists, but not for this
 * account (a member or an editor). Not a 404, which would say there is no such page. It lives
 * beside the one page that calls forbidden(): a boundary higher up would be carried, rendered,
 * in every page's payload. Its words are translated here, on the server: none is sent to the
 * browser.
 */
export default async function Forbidden() {
  const [t, errors, meta] = await Promise.all([
    getTranslations('forbidden'),
    getTranslations('errors'),
    getTranslations('meta'),
  ])
  const title = t('title')
  return (
    <StatusPage code={403} title={title} message={t('message')}>
      {/* The page's metadata has streamed by the time this renders: the title element says it. */}
      <title>{`${title} — ${meta('site-name')}`}</title>
      <Link href="/profile" className={buttonClass()}>
        {t('profile')}
      </Link>
      <Link href="/" className={buttonClass({ variant: 'secondary' })}>
        {errors('go-home')}
      </Link>
    </StatusPage>
  )
}
