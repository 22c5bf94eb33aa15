import { useTranslations } from 'next-intl'
import { useState } from 'react'

import type { ApiAnswer } from '@/client/api'
import { type ConfirmRequest, useConfirm } from '@/components/ui/Dialog.client'
import { useToast } from '@/components/ui/Toast.client'
import type { UndoOffer } from '@/lib/moderation'

import { useDecisions } from './Decisions.client'

/** A decision's answer: its `undo` when it changed something that can be put back. */
type Undoable = { undo?: UndoOffer | null }

/**
 * A moderator's action on one item of a queue (inside its DecisionsProvider): `confirmThenSend`
 * asks first, sends, and toasts the refusal or `doneMessage` with its "Undo"; `done` (after a
 * reason dialog has sent) does the same with that dialog's answer. Render `dialog` once in the
 * item.
 */
export function useQueueAction() {
  const t = useTranslations('moderation')
  const toast = useToast()
  const { announce } = useDecisions()
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState(false)

  const done = (doneMessage: string, answer?: Undoable) =>
    announce({ message: doneMessage, undo: answer?.undo ?? null })

  const confirmThenSend = async (
    question: ConfirmRequest,
    send: () => Promise<ApiAnswer<Undoable>>,
    doneMessage: string,
  ) => {
    if (!(await confirm(question))) return
    setBusy(true)
    const answer = await send()
    setBusy(false)
    if (!answer.ok) return toast(answer.data.message ?? t('action-failed'), 'error')
    done(doneMessage, answer.data)
  }

  return { busy, dialog, done, confirmThenSend }
}
