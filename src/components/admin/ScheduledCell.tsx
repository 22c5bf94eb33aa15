import type { I18nClient } from '@payloadcms/translations'
import type { Payload } from 'payload'
import { cache } from 'react'

import { scheduledPublications } from '@/data/scheduledPublications'
import { getCurrentUser } from '@/data/users'
import type { Locale } from '@/i18n/routing'
import { CONTENT_COLLECTIONS, type ContentCollection } from '@/lib/content'

import { LocalTime } from './LocalTime.client'
import { adminLocale, say } from './scheduling'

type Props = {
  payload: Payload
  i18n: I18nClient
  collectionSlug?: string
  rowData?: { id?: number | string }
}

/**
 * A collection's scheduled publications, read once per render of its list (not once per row);
 * Payload gives a cell no user, so the reader's is the request's own.
 */
const scheduledIn = cache(async (payload: Payload, collection: ContentCollection, locale: Locale) =>
  scheduledPublications({ payload, user: await getCurrentUser(), locale, collection }),
)

/**
 * The "Scheduled" column of the editors' collections' lists: when each document is to be
 * published or unpublished, in the editor's time zone; empty when it is not scheduled.
 */
export const ScheduledCell = async ({ payload, i18n, collectionSlug, rowData }: Props) => {
  const docId = Number(rowData?.id)
  const collection = CONTENT_COLLECTIONS.find((slug) => slug === collectionSlug)
  if (!collection || !Number.isInteger(docId)) return null
  const locale = adminLocale(i18n)
  const own = (await scheduledIn(payload, collection, locale)).filter((s) => s.docId === docId)
  if (!own.length) return null
  return (
    <span className="scheduled-cell" style={{ display: 'grid', gap: '0.125rem' }}>
      {own.map((scheduled) => (
        <span key={String(scheduled.jobId)}>
          {say(locale, scheduled.type === 'unpublish' ? 'action-unpublish' : 'action-publish')}{' '}
          <LocalTime iso={scheduled.at} />
        </span>
      ))}
    </span>
  )
}
