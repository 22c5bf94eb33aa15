'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import type { CommentsList } from '@/client/swr/useComments'
import { Button } from '@/components/ui/Button'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'

import { CommentText } from './CommentText.client'

/** A signed-in reader's new comment on the article. */
export function CommentForm({ list }: { list: CommentsList }) {
  const t = useTranslations('comments')
  const toast = useToast()
  const [text, setText] = useState('')
  const form = useApiForm(['text', 'news_id', 'post_id'])

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await form.submit(() => list.add(text))
    if (!answer?.ok) return
    setText('')
    toast(t('added'))
  }

  const error =
    form.fieldErrors.text ?? form.fieldErrors.news_id ?? form.fieldErrors.post_id ?? form.formError
  return (
    <form className="comments-form" onSubmit={send} noValidate>
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
