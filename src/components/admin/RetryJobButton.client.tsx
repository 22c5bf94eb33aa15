'use client'

import { Button, toast } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

export type RetryJobLabels = {
  retry: string
  retrying: string
  retried: string
  gone: string
  error: string
}

/**
 * The machinery screen's "Retry" of a failed job: POST /api/retry-job, then the screen is read
 * again (the job leaves the failed list, its copy joins its queue's count).
 */
export const RetryJobButton = ({ jobId, labels }: { jobId: number; labels: RetryJobLabels }) => {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const retry = async () => {
    setBusy(true)
    try {
      const response = await fetch('/api/retry-job', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ job_id: jobId }),
      })
      if (response.ok) toast.success(labels.retried)
      else if (response.status === 404) toast.info(labels.gone)
      else toast.error(labels.error)
      if (response.ok || response.status === 404) router.refresh()
    } catch {
      toast.error(labels.error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button buttonStyle="secondary" size="small" margin={false} disabled={busy} onClick={retry}>
      {busy ? labels.retrying : labels.retry}
    </Button>
  )
}
