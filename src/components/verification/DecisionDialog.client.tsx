'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { LIMITS } from '@/lib/limits'
import type { VerificationDecision } from '@/lib/support'

/**
 * Asks before a decision the owner is told of: an approval is confirmed and may carry a note, a
 * rejection or revocation needs its reason.
 */
export function DecisionDialog({
  decision,
  title,
  onClose,
  onSubmit,
}: {
  decision: VerificationDecision
  title: string
  onClose: () => void
  onSubmit: (answer: string) => Promise<void>
}) {
  const t = useTranslations('verification')
  const tq = useTranslations('verification-queue')
  const ui = useTranslations('ui')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formId = `reason-${decision}`
  const isApproval = decision === 'approve'

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = String(new FormData(event.currentTarget).get('answer') ?? '').trim()
    if (!answer && !isApproval) return setError(t('reason-required'))
    setBusy(true)
    await onSubmit(answer)
    setBusy(false)
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={isApproval ? tq('approve-title', { title }) : t(`reason-title-${decision}`, { title })}
      description={isApproval ? tq('approve-text') : t('reason-text')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button
            variant={isApproval ? 'primary' : 'danger'}
            type="submit"
            form={formId}
            busy={busy}
          >
            {t(`decision-${decision}`)}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit}>
        <TextAreaField
          id={`answer-${decision}`}
          name="answer"
          label={isApproval ? tq('note') : t('reason')}
          hint={isApproval ? tq('note-hint') : undefined}
          required={!isApproval}
          rows={4}
          maxLength={LIMITS.messageMax}
          error={error}
        />
        <FormMessage error={null} />
      </form>
    </Dialog>
  )
}
