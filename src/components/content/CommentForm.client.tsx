'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useEffect, useRef, useState } from 'react'

import type { CommentsList } from '@/client/swr/useComments'
import { Button } from '@/components/ui/Button'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'

import { CommentText } from './CommentText.client'

/** The comment a new one answers: its id and its author's name. */
export type ReplyTarget = { id: number; name: string }

/**
 * A signed-in reader's new comment on the article, or their answer to the comment `replyTo`
 * (chosen by its "Reply": the form says whom it answers, and the reader may cancel).
 */
export function CommentForm({
  list,
  replyTo = null,
  onReplyDone,
}: {
  list: CommentsList
  replyTo?: ReplyTarget | null
  onReplyDone?: () => void
}) {
  const t = useTranslations('comments')
  const toast = useToast()
  const [text, setText] = useState('')
  const form = useApiForm(['text', 'news_id', 'post_id', 'reply_to_id'])
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (!replyTo) return
    formRef.current?.scrollIntoView({ block: 'center' })
    formRef.current?.querySelector('textarea')?.focus()
  }, [replyTo])

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await form.submit(() => list.add(text, replyTo?.id))
    if (!answer?.ok) return
    setText('')
    onReplyDone?.()
    toast(t('added'))
  }

  const error =
    form.fieldErrors.text ??
    form.fieldErrors.news_id ??
    form.fieldErrors.post_id ??
    form.fieldErrors.reply_to_id ??
    form.formError
  return (
    <form className="comments-form" onSubmit={send} noValidate ref={formRef}>
      {replyTo && (
        <p className="comments-replying">
          <span>{t('replying-to', { name: replyTo.name })}</span>
          <Button variant="ghost" size="s" onClick={onReplyDone}>
            {t('cancel-reply')}
          </Button>
        </p>
      )}
      <CommentText
        id="comment-text"
        label={t('field-label')}
        placeholder={t('field-placeholder')}
        value={text}
        onChange={setText}
        error={error}
      />
      <div className="comments-form-actions">
        <Button type="submit" busy={form.isSubmitting} disabled={!text.trim()}>
          {t('send')}
        </Button>
      </div>
    </form>
  )
}
