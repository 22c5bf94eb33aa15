'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'
import type { BlockScope } from '@/lib/users'

/** Blocking or unblocking someone, on the site or in the chat (the users screen, the chat room). */
export type BlockRequest = {
  account: { id: number; display_name: string }
  scope: BlockScope
  block: boolean
}

const BLOCK_FIELDS = ['reason'] as const

/** Asks for the reason of a block (a note is optional for an unblock), then sends /block-user. */
export function BlockDialog({
  request,
  onClose,
  onDone,
}: {
  request: BlockRequest | null
  onClose: () => void
  onDone: () => void
}) {
  const t = useTranslations('users-admin')
  const name = request?.account.display_name ?? ''
  const kind = request?.block ? 'block' : 'unblock'
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={request ? t(`${kind}-title-${request.scope}`, { name }) : ''}
      description={
        request ? (request.block ? t(`block-text-${request.scope}`) : t('unblock-text')) : undefined
      }
    >
      {request && (
        // Keyed by account and scope: an error shown for one request is gone for the next.
        <BlockForm
          key={`${request.account.id}-${request.scope}-${request.block}`}
          request={request}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  )
}

function BlockForm({
  request,
  onClose,
  onDone,
}: {
  request: BlockRequest
  onClose: () => void
  onDone: () => void
}) {
  const t = useTranslations('users-admin')
  const ui = useTranslations('ui')
  const form = useApiForm(BLOCK_FIELDS)
  const toast = useToast()
  const name = request.account.display_name
  const kind = request.block ? 'block' : 'unblock'

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get('block-reason') ?? '').trim()
    if (request.block && !reason) {
      form.showFailure({ errors: { reason: [t('reason-required')] } })
      return
    }
    const body = new FormData()
    body.append('user_id', String(request.account.id))
    body.append('scope', request.scope)
    body.append('blocked', String(request.block))
    body.append('reason', reason)
    const answer = await form.submit(() => apiPost('/block-user', body))
    if (!answer?.ok) return
    const done = request.scope === 'chat' ? `chat-${kind}ed-done` : `${kind}ed-done`
    toast(t(done, { name }), 'success')
    onDone()
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <TextAreaField
        id="block-reason"
        label={request.block ? t('reason') : t('reason-optional')}
        hint={t('reason-hint')}
        aria-required={request.block}
        maxLength={LIMITS.blockReasonMax}
        rows={3}
        error={form.fieldErrors.reason}
      />
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="button" variant="secondary" onClick={onClose}>
          {ui('cancel')}
        </Button>
        <Button
          type="submit"
          variant={request.block ? 'danger' : 'primary'}
          disabled={form.isSubmitting}
        >
          {request.block ? t('confirm-block') : t('confirm-unblock')}
        </Button>
      </div>
    </form>
  )
}
