'use client'

import { useTranslations } from 'next-intl'

import { ApiError } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { ErrorState, Loading, Skeleton } from '@/components/ui/States'

/** Where the figures will be: skeleton cards and charts, and a label for screen readers. */
export function LoadingFigures() {
  const ui = useTranslations('ui')
  return (
    <div className="analytics-loading" aria-busy="true">
      <Loading label={ui('loading')} inline />
      <ul className="analytics-figures" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="card analytics-figure">
            <Skeleton lines={2} />
          </li>
        ))}
      </ul>
      <div className="analytics-charts">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="card analytics-chart-card">
            <Skeleton shape="block" height="260px" />
          </div>
        ))}
      </div>
    </div>
  )
}

/**
 * The figures did not come: the API's own sentence when it gave one for what was asked (a period
 * too long, a resource that is not the reader's), else a way to try again.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations('analytics')
  const ui = useTranslations('ui')
  const said = error instanceof ApiError && error.status < 500 ? messageOf(error) : null
  return (
    <ErrorState
      message={said ?? t('load-error')}
      action={
        // The same question would get the same refusal: only a failure may pass on a retry.
        said ? undefined : (
          <Button variant="secondary" size="s" onClick={onRetry}>
            {ui('retry')}
          </Button>
        )
      }
    />
  )
}

const messageOf = (error: ApiError) => {
  const { errors, message } = error.body
  if (errors && !Array.isArray(errors)) {
    const first = Object.values(errors).flat()[0]
    if (first) return first
  }
  return message ?? null
}
