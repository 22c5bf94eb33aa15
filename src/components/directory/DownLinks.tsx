import { getFormatter, getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import type { Locale } from '@/i18n/routing'

/** On "my resources": the resource's addresses the monitor found down, and since when. */
export async function DownLinks({
  links,
  locale,
}: {
  links: { url: string; since: string }[] | undefined
  locale: Locale
}) {
  if (!links?.length) return null
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'linkChecks' }),
    getFormatter({ locale }),
  ])
  return (
    <ul className="down-links">
      {links.map((link) => (
        <li key={link.url} className="link-health">
          <Badge tone="danger">{t('down')}</Badge>
          <span className="down-links-url">{link.url}</span>
          <time dateTime={link.since}>
            {t('down-since', {
              time: format.dateTime(new Date(link.since), {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'UTC',
              }),
            })}
          </time>
        </li>
      ))}
    </ul>
  )
}
