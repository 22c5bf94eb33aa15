import type { RateFeedHealth as Health } from '@/data/views/rateFeeds'
import { ClientMessages } from '@/i18n/ClientMessages'

import { RateFeedHealth } from './RateFeedHealth.client'

import './rate-feed-panel.css'

/** An exchanger's feed health under it on "My resources", with the words its browser part says. */
export function RateFeedPanel({
  health,
  path,
  title,
}: {
  health: Health
  path: string
  title: string
}) {
  return (
    <ClientMessages group="rates-feed">
      <RateFeedHealth initial={health} path={path} titled={title} />
    </ClientMessages>
  )
}
