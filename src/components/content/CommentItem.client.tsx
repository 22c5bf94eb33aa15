'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useRef, useState } from 'react'

import type { ApiAnswer } from '@/client/api'
import type { CommentsList, CommentsViewer } from '@/client/swr/useComments'
import { Avatar } from '@/components/Avatar'
import { LinkedText } from '@/components/LinkedText.client'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { useToast } from '@/components/ui/Toast.client'
import type { CommentView } from '@/data/views/comments'
import { commentAnchor } from '@/lib/permalinks'

import { CommentEditForm } from './CommentEditForm.client'
import type { ReplyTarget } from './CommentForm.client'

/**
 * One comment: its author, dates and text; its author edits or deletes it while it is published,
 * and editors and admins hide or show it.
 */
export function CommentItem({
  comment,
  viewer,
  list,
  ref,
  onReply,
  isAnchored = false,
}: {
  comment: CommentView
  viewer: CommentsViewer
  list: CommentsList
  ref: (element: HTMLElement | null) => void
  /** The address's anchor names it (a notification's link): it stands out. */
  isAnchored?: boolean
  /** "Reply": the reader answers this comment. */
  onReply?: (target: ReplyTarget) => void
}) {
  const t = useTranslations('comments')
  const format = useFormatter()
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState(false)
  const [busy, setBusy] = useState<'delete' | 'hide' | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const name = comment.author?.display_name ?? t('unknown-author')
  const date = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const own = comment.own && comment.status === 'published'
  const moderator = viewer.status === 'known' && viewer.moderator
  const hidden = comment.status === 'hidden'
  // One answers others' comments (answering one's own would tell nobody).
  const canReply = Boolean(onReply) && viewer.status === 'known' && !hidden && !comment.own

  const act = async (
    kind: 'delete' | 'hide',
    call: () => Promise<ApiAnswer<unknown>>,
    done: string,
  ) => {
    setBusy(kind)
    const answer = await call().catch(() => null)
    setBusy(null)
    if (answer?.ok) toast(done)
    else toast(answer?.data?.message ?? t('failed'), 'error')
  }

  const remove = async () => {
    const sure = await confirm({
      title: t('delete-title'),
      message: t('delete-message'),
      confirmLabel: t('delete'),
    })
    if (sure) await act('delete', () => list.remove(comment.id), t('deleted'))
  }

  const toggleHidden = () =>
    act(
      'hide',
      () => list.setHidden(comment.id, !hidden),
      hidden ? t('shown-done') : t('hidden-done'),
    )

  return (
    <article
      ref={ref}
      id={commentAnchor(comment.id)}
      tabIndex={-1}
      className={['comment', hidden && 'comment-hidden', isAnchored && 'comment-anchored']
        .filter(Boolean)
        .join(' ')}
      aria-label={t('by', { author: name })}
    >
      <header className="comment-header">
        <Avatar name={name} src={comment.author?.avatar ?? null} className="comment-avatar" />
        <span className="comment-author">{name}</span>
        <span className="comment-date">
          <time dateTime={comment.created_at}>{date(comment.created_at)}</time>
          {comment.edited_at && (
            <span
              className="comment-edited"
              title={t('edited-at', { date: date(comment.edited_at) })}
            >
              {' · '}
              {t('edited')}
            </span>
          )}
        </span>
        {comment.reply_to && (
          <a className="comment-reply-to" href={`#${commentAnchor(comment.reply_to.id)}`}>
            {t('in-reply-to', { name: comment.reply_to.name ?? t('unknown-author') })}
          </a>
        )}
        {hidden && (
          <Badge tone="warning" title={t('hidden-note')}>
            {t('hidden-badge')}
          </Badge>
        )}
      </header>
      {editing ? (
        <CommentEditForm
          comment={comment}
          list={list}
          onDone={() => {
            setEditing(false)
            requestAnimationFrame(() => editButton.current?.focus())
          }}
        />
      ) : (
        <LinkedText text={comment.text} className="comment-text" linkClassName="comment-link" />
      )}
      {!editing && (own || moderator || canReply) && (
        <div className="comment-actions">
          {canReply && (
            <Button variant="ghost" size="s" onClick={() => onReply?.({ id: comment.id, name })}>
              {t('reply')}
            </Button>
          )}
          {own && (
            <>
              <Button ref={editButton} variant="ghost" size="s" onClick={() => setEditing(true)}>
                {t('edit')}
              </Button>
              <Button variant="ghost" size="s" busy={busy === 'delete'} onClick={remove}>
                {t('delete')}
              </Button>
            </>
          )}
          {moderator && (
            <Button variant="ghost" size="s" busy={busy === 'hide'} onClick={toggleHidden}>
              {hidden ? t('show') : t('hide')}
            </Button>
          )}
        </div>
      )}
      {dialog}
    </article>
  )
}
