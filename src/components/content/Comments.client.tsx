'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { type CommentTarget, useComments, useCommentsViewer } from '@/client/swr/useComments'

import { CommentForm, type ReplyTarget } from './CommentForm.client'
import { CommentList } from './CommentList.client'
import { CommentsSignIn } from './CommentsSignIn.client'

/**
 * The comments under an article, loaded in the browser (the article page is the same for every
 * visitor): the count, the form for a signed-in reader (a guest is asked to log in), the list
 * newest first and "Show more comments" for the next ten.
 */
export function CommentsClient({ collection, id }: CommentTarget) {
  const t = useTranslations('comments')
  const viewer = useCommentsViewer()
  const list = useComments({ target: { collection, id }, viewer })
  // The comment the reader answers ("Reply" on it), until sent or cancelled.
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null)

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments-heading">
        {list.total === null ? t('heading') : t('heading-count', { count: list.total })}
      </h2>
      {viewer.status === 'guest' && <CommentsSignIn />}
      {viewer.status === 'known' && (
        <CommentForm list={list} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} />
      )}
      <CommentList list={list} viewer={viewer} onReply={setReplyTo} />
    </section>
  )
}
