'use client'

import { useState } from 'react'

import { apiPost } from '@/client/api'
import { refreshUnreadNotifications } from '@/client/swr/useUnreadNotifications'
import { Button } from '@/components/ui/Button'
import { useRouter } from '@/i18n/navigation'

/** "Mark all as read": every unread notification of the reader, then the page is read again. */
export function MarkAllRead({ label, failed }: { label: string; failed: string }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const markAll = async () => {
    setBusy(true)
    setError('')
    const answer = await apiPost('/read-notifications', { all: true }).catch(() => null)
    setBusy(false)
    if (!answer?.ok) {
      setError(answer?.data?.message ?? failed)
      return
    }
    refreshUnreadNotifications()
    router.refresh()
  }
  return (
    <div className="notifications-actions">
      <Button variant="secondary" size="s" busy={busy} onClick={markAll}>
        {label}
      </Button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
