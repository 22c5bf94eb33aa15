'use client'

import { useTranslation } from '@payloadcms/ui'
import { formatDate } from '@payloadcms/ui/shared'
import { useSyncExternalStore } from 'react'

/** The admin's date format, as payload.config's `admin.dateFormat`. */
const ADMIN_DATE_FORMAT = 'd MMMM yyyy, HH:mm'

const noChange = () => () => {}
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
/** The server does not know the editor's zone: it renders UTC, the browser its own after. */
const serverZone = () => null

/** `zone` as people read it: its name and its offset from UTC at `date` ("Europe/Moscow, GMT+3"). */
export const zoneLabel = (zone: string, date = new Date()) => {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value
  return offset && offset !== 'GMT' ? `${zone}, ${offset}` : zone
}

/** The editor's time zone (its name and offset now), or UTC until the browser tells it. */
export const LocalZone = () => {
  const zone = useSyncExternalStore(noChange, browserZone, serverZone)
  return <span data-time-zone={zone ?? 'UTC'}>{zoneLabel(zone ?? 'UTC')}</span>
}

/**
 * A moment in the editor's own time zone, in the admin's language and date format, with the zone
 * named beside it: «25 ноября 2026, 19:19 (Europe/Moscow, GMT+3)».
 */
export const LocalTime = ({ iso }: { iso: string }) => {
  const { i18n } = useTranslation()
  const zone = useSyncExternalStore(noChange, browserZone, serverZone) ?? 'UTC'
  const date = new Date(iso)
  const when = formatDate({ date, i18n, pattern: ADMIN_DATE_FORMAT, timezone: zone })
  return <time dateTime={iso}>{`${when} (${zoneLabel(zone, date)})`}</time>
}
