'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'

/** Keeps or drops a resource among the visitor's favorites; the pressed state is announced. */
export function FavoriteButton({
  resourceId,
  initial,
  title,
  compact = false,
}: {
  resourceId: number
  initial: boolean
  title: string
  compact?: boolean
}) {
  const t = useTranslations('favorites')
  const [isFavorite, setIsFavorite] = useState(initial)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const toggle = async () => {
    setIsBusy(true)
    setError(null)
    const next = !isFavorite
    const answer = await apiPost(next ? '/add-favorite' : '/remove-favorite', {
      resource_id: resourceId,
    }).catch(() => null)
    setIsBusy(false)
    if (answer?.ok) setIsFavorite(next)
    else setError(answer?.data?.message ?? t('failed'))
  }

  return (
    <span className="favorite">
      <button
        type="button"
        className={`button button-secondary favorite-button${compact ? ' button-small' : ''}`}
        aria-pressed={isFavorite}
        aria-label={compact ? t(isFavorite ? 'remove-named' : 'add-named', { title }) : undefined}
        disabled={isBusy}
        onClick={toggle}
      >
        <span aria-hidden="true">{isFavorite ? '♥' : '♡'}</span>
        {!compact && <span>{t(isFavorite ? 'remove' : 'add')}</span>}
      </button>
      {error && (
        <span role="alert" className="form-error">
          {error}
        </span>
      )}
    </span>
  )
}
