import type { I18nClient } from '@payloadcms/translations'
import type { Payload } from 'payload'

import { failedScheduledPublications } from '@/data/scheduledPublications'
import type { Someone } from '@/lib/roles'

import { FAILURE_STYLE, adminLocale, documentLabel, failureWhen, say } from './scheduling'

type Props = { payload: Payload; i18n: I18nClient; user?: Someone }

/**
 * The admin's dashboard, for editors and admins: the scheduled publications that failed at their
 * time and still stand, each with a link to its document. Nothing when there are none.
 */
export const FailedPublicationsPanel = async ({ payload, i18n, user }: Props) => {
  const locale = adminLocale(i18n)
  const failures = await failedScheduledPublications({ payload, user, locale })
  if (!failures.length) return null
  return (
    <section style={FAILURE_STYLE} aria-labelledby="failed-publications-title">
      <h2 id="failed-publications-title">{say(locale, 'dashboard-title')}</h2>
      <p>{say(locale, 'dashboard-intro')}</p>
      <table style={{ width: '100%', textAlign: 'left', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th scope="col">{say(locale, 'dashboard-document')}</th>
            <th scope="col">{say(locale, 'dashboard-when')}</th>
            <th scope="col">{say(locale, 'dashboard-reason')}</th>
          </tr>
        </thead>
        <tbody>
          {failures.map((failure) => (
            <tr key={String(failure.jobId)}>
              <td>
                {failure.title === null ? (
                  documentLabel(failure, locale)
                ) : (
                  <a href={`/admin/collections/${failure.collection}/${failure.docId}`}>
                    {documentLabel(failure, locale)}
                  </a>
                )}
              </td>
              <td>{failureWhen(failure, i18n)}</td>
              <td>{failure.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
