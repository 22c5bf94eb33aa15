import { useTranslations } from 'next-intl'
import { useState } from 'react'

import type { ApiAnswer } from '@/client/api'
import { type QueueName, useRefreshQueue } from '@/client/swr/useModeration'
import { type ConfirmRequest, useConfirm } from '@/components/ui/Dialog.client'
import { useToast } from '@/components/ui/Toast.client'

/**
 * A moderator's action on an item of `queue`: `confirmThenSend` asks first, sends, and toasts the
 * refusal or `doneMessage`; `done` (after a reason dialog has sent) toasts and reads the queue
 * again. Render `dialog` once in the item.
 */
export function useQueueAction(queue: QueueName) {
  const t = useTranslations('moderation')
  const toast = useToast()
  const refresh = useRefreshQueue(queue)
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState(false)

  const done = (doneMessage: string) => {
    toast(doneMessage, 'success')
    refresh()
  }

  const confirmThenSend = async (
    question: ConfirmRequest,
    send: () => Promise<ApiAnswer<unknown>>,
    doneMessage: string,
  ) => {
    if (!(await confirm(question))) return
    setBusy(true)
    const answer = await send()
    setBusy(false)
    if (!answer.ok) return toast(answer.data.message ?? t('action-failed'), 'error')
    done(doneMessage)
  }

  return { busy, dialog, done, confirmThenSend }
}
