'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useState } from 'react'
import useSWR from 'swr'

import { type GetAnswer, apiPath } from '@/client/api'
import { PageButtons } from '@/components/ui/PageButtons.client'
import { EmptyState, ErrorState, Loading } from '@/components/ui/States'

/** The account's security log, newest first, a page at a time. */
export function SecurityLog() {
  const t = useTranslations('account-security')
  const ui = useTranslations('ui')
  const errors = useTranslations('errors')
  const format = useFormatter()
  const [page, setPage] = useState(1)
  const { data, error } = useSWR<GetAnswer<'/get-security-events'>>(
    apiPath('/get-security-events', { page }),
    { keepPreviousData: true },
  )

  return (
    <section className="form" aria-labelledby="security-log-heading">
      <h2 id="security-log-heading">{t('log-heading')}</h2>
      <p>{t('log-intro')}</p>
      {error ? (
        <ErrorState message={errors('unexpected')} />
      ) : !data ? (
        <Loading label={ui('loading')} />
      ) : data.events.length === 0 ? (
        <EmptyState title={t('log-empty')} />
      ) : (
        <ol className="security-log" data-testid="security-log">
          {data.events.map((event) => (
            <li key={event.id} className="security-event" data-kind={event.kind}>
              <span className="security-event-kind">{t(`kind-${event.kind}`)}</span>
              <time dateTime={event.created_at}>
                {format.dateTime(new Date(event.created_at), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
              </time>
              <span className="security-event-where">
                {[event.address, event.device].filter(Boolean).join(' · ') || '—'}
              </span>
            </li>
          ))}
        </ol>
      )}
      {data && <PageButtons page={data.page} pages={data.total_pages} onPage={setPage} />}
    </section>
  )
}
