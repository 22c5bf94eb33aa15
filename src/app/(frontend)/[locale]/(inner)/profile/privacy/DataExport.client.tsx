'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useState } from 'react'
import useSWR from 'swr'

import { type GetAnswer, apiPath, apiPost } from '@/client/api'
import { Button, buttonClass } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { ErrorState, Loading } from '@/components/ui/States'
import { DATA_EXPORT_HOURS } from '@/lib/privacy'

/** While an archive is being built, the page asks again this often. */
const PENDING_REFRESH_MS = 3_000

/**
 * Download my data: the request, the archive's state while the queue builds it (asked again every
 * few seconds), and its one-time link once ready.
 */
export function DataExport() {
  const t = useTranslations('privacy')
  const ui = useTranslations('ui')
  const errors = useTranslations('errors')
  const format = useFormatter()
  const { data, error, mutate } = useSWR<GetAnswer<'/get-data-export'>>(
    apiPath('/get-data-export'),
    { refreshInterval: (latest) => (latest?.export?.state === 'pending' ? PENDING_REFRESH_MS : 0) },
  )
  const [isAsking, setIsAsking] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const sizeOf = (bytes: number) => {
    const megabytes = bytes >= 1024 * 1024
    return format.number(bytes / 1024 / (megabytes ? 1024 : 1), {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: 1,
    })
  }
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'long', timeStyle: 'short' }) : ''

  const ask = async () => {
    setIsAsking(true)
    setFailure(null)
    const answer = await apiPost('/request-data-export', {})
    setIsAsking(false)
    if (!answer.ok) return setFailure(answer.data.message ?? errors('unexpected'))
    await mutate({ status: 200, export: answer.data.export }, { revalidate: false })
  }

  const exported = data?.export ?? null
  const requestButton = (
    <div className="form-actions">
      <Button
        variant={exported ? 'secondary' : 'primary'}
        busy={isAsking}
        onClick={ask}
        data-testid="request-data-export"
      >
        {isAsking ? t('requesting') : exported ? t('request-again') : t('request')}
      </Button>
    </div>
  )

  let body
  if (error) body = <ErrorState message={errors('unexpected')} />
  else if (!data) body = <Loading label={ui('loading')} />
  else if (!exported) body = requestButton
  else if (exported.state === 'pending') {
    body = (
      <p role="status" data-state="pending">
        {t('pending', { time: when(exported.requested_at) })}
      </p>
    )
  } else if (exported.state === 'ready' && exported.download_url) {
    body = (
      <>
        <p role="status" data-state="ready">
          {t('ready', {
            size: sizeOf(exported.size ?? 0),
            time: when(exported.expires_at),
          })}
        </p>
        <div className="form-actions">
          <a
            className={buttonClass({ variant: 'primary' })}
            href={exported.download_url}
            download
            onClick={() => setTimeout(() => void mutate(), 1_000)}
          >
            {t('download')}
          </a>
        </div>
      </>
    )
  } else {
    body = (
      <>
        <p role="status" data-state={exported.state}>
          {exported.state === 'downloaded'
            ? t('downloaded', { time: when(exported.downloaded_at) })
            : t(exported.state === 'expired' ? 'expired' : 'failed')}
        </p>
        {requestButton}
      </>
    )
  }

  return (
    <section className="form" aria-labelledby="data-export-heading">
      <h2 id="data-export-heading">{t('export-heading')}</h2>
      <p>{t('export-intro', { hours: DATA_EXPORT_HOURS })}</p>
      {body}
      <FormMessage error={failure} />
    </section>
  )
}
