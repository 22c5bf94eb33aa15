'use client'

import { usePathname } from 'next/navigation'
import { useFormatter, useTranslations } from 'next-intl'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'

import { apiPost } from '@/client/api'
import { useComments } from '@/client/swr/useComments'
import { useViewer } from '@/client/swr/useViewer'
import { Avatar } from '@/components/Avatar'
import { LinkedText } from '@/components/LinkedText.client'
import { Badge } from '@/components/ui/Badge'
import { Button, buttonClass } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { TextAreaField } from '@/components/ui/Field'
import { EmptyState, ErrorState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import { type ApiFailure, useApiForm } from '@/components/useApiForm.client'
import type { CommentView } from '@/data/views/comments'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'
import { canModerateComments } from '@/lib/roles'
import { withNextParam } from '@/routes'

import { CommentsLoading } from './CommentsLoading'

type Target = { collection: 'news' | 'posts'; id: number }

/** What the viewer may do with the comments: nothing personal is known while it is `unknown`. */
type Viewer =
  { status: 'unknown' } | { status: 'guest' } | { status: 'known'; id: number; moderator: boolean }

/**
 * The comments under an article, loaded in the browser (the article page is the same for every
 * visitor): the count, the form for a signed-in reader (a guest is asked to log in), the list
 * newest first and "Show more comments" for the next ten.
 */
export function CommentsClient({ collection, id }: Target) {
  const t = useTranslations('comments')
  const { viewer: account, isLoading: viewerLoading } = useViewer()
  const viewer: Viewer = viewerLoading
    ? { status: 'unknown' }
    : !account
      ? { status: 'guest' }
      : {
          status: 'known',
          id: account.id,
          moderator: canModerateComments(account),
        }
  const target = { collection, id }
  const list = useComments({
    target,
    viewer: viewer.status === 'unknown' ? undefined : viewer.status === 'guest' ? null : viewer.id,
  })
  const refresh = () => list.mutate()

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments-heading">
        {list.total === null ? t('heading') : t('heading-count', { count: list.total })}
      </h2>
      {viewer.status === 'guest' && <SignInPrompt />}
      {viewer.status === 'known' && <CommentForm target={target} onAdded={refresh} />}
      <CommentList list={list} viewer={viewer} onChanged={refresh} />
    </section>
  )
}

function SignInPrompt() {
  const t = useTranslations('comments')
  const pathname = usePathname()
  return (
    <div className="comments-sign-in">
      <p>{t('sign-in-text')}</p>
      <Link
        href={withNextParam({ path: '/signin', next: pathname })}
        className={buttonClass({ variant: 'secondary' })}
      >
        {t('sign-in')}
      </Link>
    </div>
  )
}

/** The text box and its counter; the server's errors (rate limit, blocked…) show under it. */
function CommentText({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  autoFocus,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  placeholder?: string
  autoFocus?: boolean
}) {
  const t = useTranslations('comments')
  const length = value.length
  return (
    <TextAreaField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={LIMITS.commentMax}
      rows={4}
      required
      error={error}
      placeholder={placeholder}
      autoFocus={autoFocus}
      hint={
        <span className={length > LIMITS.commentMax * 0.9 ? 'comments-counter-near' : undefined}>
          {t('counter', { count: length, max: LIMITS.commentMax })}
        </span>
      }
    />
  )
}

function CommentForm({ target, onAdded }: { target: Target; onAdded: () => void }) {
  const t = useTranslations('comments')
  const toast = useToast()
  const [text, setText] = useState('')
  const form = useApiForm(['text', 'news_id', 'post_id'])

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await form.submit(() =>
      apiPost<{ comment: CommentView }, ApiFailure>('/add-comment', {
        [target.collection === 'news' ? 'news_id' : 'post_id']: target.id,
        text,
      }),
    )
    if (!answer?.ok) return
    setText('')
    toast(t('added'))
    onAdded()
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

function CommentList({
  list,
  viewer,
  onChanged,
}: {
  list: ReturnType<typeof useComments>
  viewer: Viewer
  onChanged: () => void
}) {
  const t = useTranslations('comments')
  const [announcement, setAnnouncement] = useState('')
  const firstOfStep = useRef<number | null>(null)
  const items = useRef(new Map<number, HTMLElement>())
  const shownCount = useRef(0)

  // After "Show more", focus moves to the first comment of the new step.
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

  let body: ReactNode
  if (list.isLoading) {
    body = <CommentsLoading />
  } else if (list.error && !list.comments.length) {
    body = (
      <ErrorState
        message={t('load-failed')}
        action={
          <Button variant="secondary" onClick={() => list.mutate()}>
            {t('retry')}
          </Button>
        }
      />
    )
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
                onChanged={onChanged}
                ref={(element) => {
                  if (element) items.current.set(comment.id, element)
                  else items.current.delete(comment.id)
                }}
              />
            </li>
          ))}
        </ol>
        {list.error ? (
          <ErrorState
            message={t('load-failed')}
            action={
              <Button variant="secondary" onClick={() => list.mutate()}>
                {t('retry')}
              </Button>
            }
          />
        ) : (
          list.hasMore && (
            <div className="comments-more">
              <Button variant="secondary" busy={list.isLoadingMore} onClick={showMore}>
                {t('show-more')}
              </Button>
            </div>
          )
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

function CommentItem({
  comment,
  viewer,
  onChanged,
  ref,
}: {
  comment: CommentView
  viewer: Viewer
  onChanged: () => void
  ref: (element: HTMLElement | null) => void
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

  const act = async (
    kind: 'delete' | 'hide',
    path: string,
    body: Record<string, unknown>,
    done: string,
  ) => {
    setBusy(kind)
    const answer = await apiPost<unknown, ApiFailure>(path, body).catch(() => null)
    setBusy(null)
    if (answer?.ok) {
      toast(done)
      onChanged()
    } else {
      toast(answer?.data?.message ?? t('failed'), 'error')
    }
  }

  const remove = async () => {
    const sure = await confirm({
      title: t('delete-title'),
      message: t('delete-message'),
      confirmLabel: t('delete'),
    })
    if (sure) {
      await act('delete', '/delete-comment', { comment_id: comment.id }, t('deleted'))
    }
  }

  const toggleHidden = () =>
    act(
      'hide',
      '/hide-comment',
      { comment_id: comment.id, hidden: !hidden },
      hidden ? t('shown-done') : t('hidden-done'),
    )

  return (
    <article
      ref={ref}
      tabIndex={-1}
      className={hidden ? 'comment comment-hidden' : 'comment'}
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
        {hidden && (
          <Badge tone="warning" title={t('hidden-note')}>
            {t('hidden-badge')}
          </Badge>
        )}
      </header>
      {editing ? (
        <EditForm
          comment={comment}
          onDone={(saved) => {
            setEditing(false)
            if (saved) onChanged()
            requestAnimationFrame(() => editButton.current?.focus())
          }}
        />
      ) : (
        <LinkedText text={comment.text} className="comment-text" linkClassName="comment-link" />
      )}
      {!editing && (own || moderator) && (
        <div className="comment-actions">
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

function EditForm({ comment, onDone }: { comment: CommentView; onDone: (saved: boolean) => void }) {
  const t = useTranslations('comments')
  const toast = useToast()
  const [text, setText] = useState(comment.text)
  const form = useApiForm(['text', 'comment_id'])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await form.submit(() =>
      apiPost<{ comment: CommentView }, ApiFailure>('/update-comment', {
        comment_id: comment.id,
        text,
      }),
    )
    if (!answer?.ok) return
    toast(t('saved'))
    onDone(true)
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
        <Button variant="secondary" size="s" onClick={() => onDone(false)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}
