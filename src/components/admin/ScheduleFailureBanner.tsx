import type { I18nClient } from '@payloadcms/translations'
import type { Payload } from 'payload'

import { failedScheduledPublications } from '@/data/scheduledPublications'
import { CONTENT_COLLECTIONS, type ContentCollection } from '@/lib/content'
import type { Someone } from '@/lib/roles'

import { FAILURE_STYLE, adminLocale, failureWhen, say } from './scheduling'

type Props = {
  payload: Payload
  i18n: I18nClient
  user?: Someone
  id?: number | string
  collectionSlug?: string
}

/**
 * At the top of a news item's, post's, page's or FAQ's edit view: the scheduled publications of
 * this document that failed at their time, and why, until it is published again.
 */
export const ScheduleFailureBanner = async ({ payload, i18n, user, id, collectionSlug }: Props) => {
  const docId = Number(id)
  if (
    !Number.isInteger(docId) ||
    !(CONTENT_COLLECTIONS as readonly unknown[]).includes(collectionSlug)
  ) {
    return null
  }
  const locale = adminLocale(i18n)
  const failures = await failedScheduledPublications({
    payload,
    user,
    locale,
    collection: collectionSlug as ContentCollection,
    id: docId,
  })
  if (!failures.length) return null
  return (
    <div style={FAILURE_STYLE} role="alert">
      <strong>{say(locale, 'failed-title')}</strong>
      <ul>
        {failures.map((failure) => (
          <li key={String(failure.jobId)}>
            {say(locale, 'failed-item', {
              when: failureWhen(failure, i18n),
              reason: failure.reason,
            })}
          </li>
        ))}
      </ul>
      <p>{say(locale, 'failed-hint')}</p>
    </div>
  )
}
