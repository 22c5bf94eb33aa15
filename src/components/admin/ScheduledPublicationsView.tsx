import { getTranslation } from '@payloadcms/translations'
import { notFound, redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'

import { type ScheduledPublication, scheduledPublications } from '@/data/scheduledPublications'
import type { Locale } from '@/i18n/routing'
import { canEditContent } from '@/lib/roles'

import { AdminScreen } from './AdminScreen'
import { LocalTime, LocalZone } from './LocalTime.client'
import { SCHEDULED_PUBLICATIONS_PATH, adminLocale, say } from './scheduling'

import './admin-views.css'

/**
 * `/admin/scheduled-publications`: every publication and unpublication of the editors' content
 * waiting for its time, soonest first, with the time in the editor's own zone and who scheduled
 * it. Payload lets anyone reach a custom view, signed in or not: a guest is sent to sign in, and
 * anyone but an editor or an admin is answered "not found".
 */
export async function ScheduledPublicationsView(props: AdminViewServerProps) {
  const { payload, user, i18n } = props.initPageResult.req
  if (!user)
    redirect(`/admin/login?redirect=${encodeURIComponent(`/admin${SCHEDULED_PUBLICATIONS_PATH}`)}`)
  if (!canEditContent(user)) notFound()
  const language = adminLocale(i18n)
  const rows = await scheduledPublications({ payload, user, locale: language })
  const title = say(language, 'view-title')
  const collectionLabel = (row: ScheduledPublication) =>
    getTranslation(payload.collections[row.collection].config.labels.singular, i18n)
  return (
    <AdminScreen props={props} title={title} className="scheduled-publications">
      <p>{say(language, 'view-intro')}</p>
      <p>
        {say(language, 'view-time-zone')} <LocalZone />
      </p>
      {rows.length ? (
        <div className="table stacked-table">
          <table cellPadding={0} cellSpacing={0}>
            <thead>
              <tr>
                <th scope="col">{say(language, 'view-collection')}</th>
                <th scope="col">{say(language, 'view-document')}</th>
                <th scope="col">{say(language, 'view-action')}</th>
                <th scope="col">{say(language, 'view-when')}</th>
                <th scope="col">{say(language, 'view-by')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row.jobId)} data-job={String(row.jobId)}>
                  <td data-label={say(language, 'view-collection')}>{collectionLabel(row)}</td>
                  <td data-label={say(language, 'view-document')}>
                    <a href={`/admin/collections/${row.collection}/${row.docId}`}>
                      {row.title || say(language, 'untitled', { id: row.docId })}
                    </a>
                  </td>
                  <td data-label={say(language, 'view-action')}>{actionLabel(row, language)}</td>
                  <td data-label={say(language, 'view-when')}>
                    <LocalTime iso={row.at} />
                  </td>
                  <td data-label={say(language, 'view-by')}>{row.scheduledBy ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{say(language, 'view-empty')}</p>
      )}
    </AdminScreen>
  )
}

/** "Publish", "Unpublish", or "Publish (English)" for a publication of one language. */
const actionLabel = (row: ScheduledPublication, language: Locale) => {
  if (row.type === 'unpublish') return say(language, 'action-unpublish')
  if (!row.locale) return say(language, 'action-publish')
  return say(language, 'action-publish-one', { language: say(language, `language-${row.locale}`) })
}
