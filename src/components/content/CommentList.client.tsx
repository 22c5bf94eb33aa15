'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useEffect, useRef, useState } from 'react'

import type { CommentsList, CommentsViewer } from '@/client/swr/useComments'
import { Button } from '@/components/ui/Button'
import { EmptyState, ErrorState } from '@/components/ui/States'

import type { ReplyTarget } from './CommentForm.client'
import { CommentItem } from './CommentItem.client'
import { CommentsLoading } from './CommentsLoading'

/**
 * The comments newest first, "Show more comments" while older ones remain, and a retry when a
 * step failed; after "Show more" the focus moves to the first comment of the new step and a
 * screen reader hears how many came.
 */
export function CommentList({
  list,
  viewer,
  onReply,
  anchored = null,
}: {
  list: CommentsList
  viewer: CommentsViewer
  onReply?: (target: ReplyTarget) => void
  /** The comment the address's anchor names, marked as such. */
  anchored?: number | null
}) {
  const t = useTranslations('comments')
  const [announcement, setAnnouncement] = useState('')
  const firstOfStep = useRef<number | null>(null)
  const items = useRef(new Map<number, HTMLElement>())
  const shownCount = useRef(0)

  useEffect(() => {
    const first = firstOfStep.current
    if (first === null) return
    const added = list.comments.length - shownCount.current
    if (added <= 0) {
      // Still on its way; a failure shows its own retry.
      if (list.error) firstOfStep.current = null
      return
    }
    firstOfStep.current = null
    setAnnouncement(
      t('loaded-more', { count: added }) + (list.hasMore ? '' : ` ${t('all-loaded')}`),
    )
    items.current.get(list.comments[first]?.id ?? -1)?.focus()
  }, [list.comments, list.error, list.hasMore, t])

  const showMore = () => {
    shownCount.current = list.comments.length
    firstOfStep.current = list.comments.length
    setAnnouncement('')
    void list.loadMore()
  }

  const retry = (
    <ErrorState
      message={t('load-failed')}
      action={
        <Button variant="secondary" onClick={() => list.mutate()}>
          {t('retry')}
        </Button>
      }
    />
  )
  let body: ReactNode
  if (list.isLoading) {
    body = <CommentsLoading />
  } else if (list.error && !list.comments.length) {
    body = retry
  } else if (!list.comments.length) {
    body = <EmptyState title={t('empty-title')}>{t('empty-text')}</EmptyState>
  } else {
    body = (
      <>
        <ol className="comments-list" aria-label={t('list-label')}>
          {list.comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                viewer={viewer}
                list={list}
                onReply={onReply}
                isAnchored={comment.id === anchored}
                ref={(element) => {
                  if (element) items.current.set(comment.id, element)
                  else items.current.delete(comment.id)
                }}
              />
            </li>
          ))}
        </ol>
        {list.error
          ? retry
          : list.hasMore && (
              <div className="comments-more">
                <Button variant="secondary" busy={list.isLoadingMore} onClick={showMore}>
                  {t('show-more')}
                </Button>
              </div>
            )}
      </>
    )
  }
  return (
    <>
      {body}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  )
}
