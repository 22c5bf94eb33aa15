'use client'

import { useTranslations } from 'next-intl'

import { Button } from './Button'
import { ErrorState, Skeleton } from './States'

/**
 * What a list loaded in the browser shows until its rows come: skeleton rows in the list's own
 * shape while it loads, or the list's error with a way to try again.
 */
export function ListLoadState({
  failed,
  errorMessage,
  onRetry,
  listClassName,
  rowClassName,
  rows = 2,
  lines = 2,
}: {
  failed: boolean
  errorMessage: string
  onRetry: () => void
  listClassName: string
  rowClassName: string
  rows?: number
  lines?: number
}) {
  const ui = useTranslations('ui')
  if (failed) {
    return (
      <ErrorState
        message={errorMessage}
        action={
          <Button variant="secondary" size="s" onClick={onRetry}>
            {ui('retry')}
          </Button>
        }
      />
    )
  }
  return (
    <ul className={listClassName} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={rowClassName}>
          <Skeleton lines={lines} />
        </li>
      ))}
    </ul>
  )
}
