'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'

import {
  type CommentTarget,
  type CommentsList,
  useComments,
  useCommentsViewer,
} from '@/client/swr/useComments'
import { anchoredComment, commentAnchor } from '@/lib/permalinks'

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
  const anchored = useAnchoredComment(list)

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments-heading">
        {list.total === null ? t('heading') : t('heading-count', { count: list.total })}
      </h2>
      {viewer.status === 'guest' && <CommentsSignIn />}
      {viewer.status === 'known' && (
        <CommentForm list={list} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} />
      )}
      <CommentList list={list} viewer={viewer} onReply={setReplyTo} anchored={anchored} />
    </section>
  )
}

const followHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/**
 * The comment the address's anchor names (`#comment-12`: a notification's link, a reply's "in
 * reply to"). The comments come newest first by id, a step at a time, so the list loads on while
 * its last comment is newer than that one and more remain; once it is there it is brought into
 * view and focused. Returns its id while the anchor names it.
 */
function useAnchoredComment(list: CommentsList) {
  const hash = useSyncExternalStore(
    followHash,
    () => window.location.hash,
    () => '',
  )
  const anchored = anchoredComment(hash)
  // The anchored comment while it is still to bring into view.
  const sought = useRef<number | null>(null)
  useEffect(() => {
    sought.current = anchored
  }, [anchored])

  const { comments, hasMore, isLoading, isLoadingMore, error, loadMore } = list
  useEffect(() => {
    const id = sought.current
    if (id === null || isLoading || isLoadingMore || error) return
    if (comments.some((comment) => comment.id === id)) {
      sought.current = null
      const element = document.getElementById(commentAnchor(id))
      element?.scrollIntoView({ block: 'center' })
      element?.focus({ preventScroll: true })
    } else if (hasMore && (comments.at(-1)?.id ?? 0) > id) {
      void loadMore()
    } else {
      sought.current = null
    }
  }, [anchored, comments, hasMore, isLoading, isLoadingMore, error, loadMore])
  return anchored
}
