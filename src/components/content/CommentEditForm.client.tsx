'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import type { CommentsList } from '@/client/swr/useComments'
import { Button } from '@/components/ui/Button'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { CommentView } from '@/data/views/comments'

import { CommentText } from './CommentText.client'

/** The author's comment in a text box, saved or left as it was (`onDone` either way). */
export function CommentEditForm({
  comment,
  list,
  onDone,
}: {
  comment: CommentView
  list: CommentsList
  onDone: () => void
}) {
  const t = useTranslations('comments')
  const toast = useToast()
  const [text, setText] = useState(comment.text)
  const form = useApiForm(['text', 'comment_id'])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await form.submit(() => list.update(comment.id, text))
    if (!answer?.ok) return
    toast(t('saved'))
    onDone()
  }

  return (
    <form className="comment-edit" onSubmit={save} noValidate>
      <CommentText
        id={`comment-edit-${comment.id}`}
        label={t('edit-label')}
        value={text}
        onChange={setText}
        error={form.fieldErrors.text ?? form.fieldErrors.comment_id ?? form.formError}
        autoFocus
      />
      <div className="comment-actions">
        <Button type="submit" size="s" busy={form.isSubmitting} disabled={!text.trim()}>
          {t('save')}
        </Button>
        <Button variant="secondary" size="s" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}
