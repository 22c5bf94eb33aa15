'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { useToast } from '@/components/ui/Toast.client'

/**
 * Keeps or drops a resource among the visitor's favorites; the pressed state is announced, and a
 * failure is told in a toast, so that a card's row of facts keeps its shape.
 */
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
  const toast = useToast()
  const [isFavorite, setIsFavorite] = useState(initial)
  const [isBusy, setIsBusy] = useState(false)

  const toggle = async () => {
    setIsBusy(true)
    const next = !isFavorite
    const answer = await apiPost(next ? '/add-favorite' : '/remove-favorite', {
      resource_id: resourceId,
    }).catch(() => null)
    setIsBusy(false)
    if (answer?.ok) setIsFavorite(next)
    else toast(answer?.data?.message ?? t('failed'), 'error')
  }

  return (
    <span className="favorite">
      <Button
        variant="secondary"
        size={compact ? 's' : 'm'}
        className="favorite-button"
        aria-pressed={isFavorite}
        aria-label={compact ? t(isFavorite ? 'remove-named' : 'add-named', { title }) : undefined}
        busy={isBusy}
        onClick={toggle}
      >
        {!isBusy && <span aria-hidden="true">{isFavorite ? '♥' : '♡'}</span>}
        {!compact && <span>{t(isFavorite ? 'remove' : 'add')}</span>}
      </Button>
    </span>
  )
}
