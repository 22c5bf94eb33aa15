import { getFormatter, getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import type { LinkHealthView } from '@/data/linkHealth'
import type { Locale } from '@/i18n/routing'
import { isOverlayNetworkAddress } from '@/lib/linkChecks'

/**
 * Whether one of a resource's addresses works, as the monitor last found it (src/server/linkChecks):
 * "online, checked … ago" or "down since …", and the share of the last 30 days' checks that found
 * it up. Rendered on the server inside the address's list item; no browser code.
 */
export async function LinkHealth({
  health,
  url,
  locale,
}: {
  /** The resource's addresses' health (src/data/resourcePage.ts). */
  health: Record<string, LinkHealthView>
  url: string
  locale: Locale
}) {
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'linkChecks' }),
    getFormatter({ locale }),
  ])
  if (isOverlayNetworkAddress(url)) {
    return <p className="link-health field-hint">{t('overlay')}</p>
  }
  const state = health[url]
  if (!state || state.up === null || !state.checkedAt || !state.since) {
    return <p className="link-health field-hint">{t('not-checked')}</p>
  }
  const checkedAt = new Date(state.checkedAt)
  const since = new Date(state.since)
  return (
    <p className="link-health">
      {state.up ? (
        <>
          <Badge tone="success">{t('online')}</Badge>{' '}
          <time dateTime={state.checkedAt} className="field-hint">
            {t('checked', { time: format.relativeTime(checkedAt, new Date()) })}
          </time>
        </>
      ) : (
        <>
          <Badge tone="danger">{t('down')}</Badge>{' '}
          <time dateTime={state.since}>
            {t('down-since', {
              time: format.dateTime(since, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'UTC',
              }),
            })}
          </time>
        </>
      )}
      {state.availability !== null && (
        <span className="link-health-share field-hint">
          {t('availability', {
            share: format.number(state.availability, { maximumFractionDigits: 1 }),
          })}
        </span>
      )}
    </p>
  )
}
