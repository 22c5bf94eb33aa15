'use client'

import { useFormatter, useTranslations } from 'next-intl'
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

import { ApiError, apiGet, apiPost, apiUrl } from '@/client/api'
import { Avatar } from '@/components/Avatar'
import { BlockDialog, type BlockRequest } from '@/components/employees/BlockDialog.client'
import { LinkedText } from '@/components/LinkedText.client'
import { Badge } from '@/components/ui/Badge'
import { Button, buttonClass } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { FormMessage } from '@/components/ui/Field'
import { ErrorState, Loading } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import type { ChatHistory, ChatMessageView } from '@/data/views/chat'
import { LIMITS } from '@/lib/limits'
import { canBeBlocked, roleBadgeTone } from '@/lib/roles'

/** Who reads the room: null for a guest. */
export type ChatViewer = {
  id: number
  displayName: string
  isAdmin: boolean
  chatBlocked: boolean
} | null

type Phase = 'loading' | 'ready' | 'failed' | 'blocked'
type Connection = 'connecting' | 'live' | 'reconnecting'

/** How close to the bottom (px) still counts as following the newest messages. */
const FOLLOW_SLACK = 80
const REOPEN_MS = 3000

/** Messages in the order they were written (ids grow), each once. */
const merge = (list: ChatMessageView[], added: ChatMessageView[]) => {
  const byId = new Map(list.map((message) => [message.id, message]))
  for (const message of added) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/**
 * The live chat room: the history newest at the bottom (older messages load on scroll up), new
 * and removed messages live through the server's event stream, which resumes where it stopped
 * after a lost connection; the writing box for members, a sign-in invitation for guests and the
 * chat block's notice for those blocked in chat; admins delete messages and block writers here.
 */
export function ChatRoom({ viewer, signInHref }: { viewer: ChatViewer; signInHref: string }) {
  const t = useTranslations('chat')
  const ui = useTranslations('ui')
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const [phase, setPhase] = useState<Phase>('loading')
  const [connection, setConnection] = useState<Connection>('connecting')
  const [messages, setMessages] = useState<ChatMessageView[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [online, setOnline] = useState<number | null>(null)
  const [unseen, setUnseen] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const [blocking, setBlocking] = useState<BlockRequest | null>(null)
  const [chatBlocked, setChatBlocked] = useState(viewer?.chatBlocked ?? false)
  const lastSeq = useRef(0)
  const log = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const keepOffset = useRef<number | null>(null)
  const newestSeen = useRef(0)

  const add = useCallback((added: ChatMessageView[]) => {
    setMessages((list) => merge(list, added))
  }, [])

  // The history, then the live stream from where the history ends.
  useEffect(() => {
    let source: EventSource | null = null
    let reopen: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const remember = (event: MessageEvent) => {
      const seq = Number(event.lastEventId)
      if (Number.isSafeInteger(seq) && seq > lastSeq.current) lastSeq.current = seq
    }
    const open = () => {
      if (stopped) return
      const stream = new EventSource(apiUrl(`/chat-stream?after=${lastSeq.current}`), {
        withCredentials: true,
      })
      source = stream
      stream.onopen = () => setConnection('live')
      stream.addEventListener('message', (event) => {
        remember(event)
        add([JSON.parse(event.data) as ChatMessageView])
      })
      stream.addEventListener('removed', (event) => {
        remember(event)
        const { id } = JSON.parse(event.data) as { id: number }
        setMessages((list) => list.filter((message) => message.id !== id))
      })
      stream.addEventListener('online', (event) => {
        setOnline((JSON.parse(event.data) as { count: number }).count)
      })
      stream.addEventListener('blocked', () => {
        stream.close()
        setPhase('blocked')
      })
      stream.addEventListener('reset', () => {
        stream.close()
        setAttempt((value) => value + 1)
      })
      stream.onerror = () => {
        setConnection('reconnecting')
        // The browser retries by itself unless the server refused the stream (503, 402).
        if (stream.readyState !== EventSource.CLOSED) return
        reopen = setTimeout(async () => {
          try {
            await apiGet('/get-chat-messages?limit=1')
          } catch (error) {
            if (error instanceof ApiError && error.status === 402) {
              setPhase('blocked')
              return
            }
          }
          open()
        }, REOPEN_MS)
      }
    }
    const load = async () => {
      try {
        const history = await apiGet<ChatHistory>('/get-chat-messages')
        if (stopped) return
        lastSeq.current = history.last_seq
        following.current = true
        setMessages(merge([], history.messages))
        setHasMore(history.has_more)
        setPhase('ready')
        open()
      } catch (error) {
        if (stopped) return
        setPhase(error instanceof ApiError && error.status === 402 ? 'blocked' : 'failed')
      }
    }
    void load()
    return () => {
      stopped = true
      source?.close()
      clearTimeout(reopen)
    }
  }, [attempt, add])

  // Follow the newest message while the reader is at the bottom; keep the place when older
  // messages are put above.
  useLayoutEffect(() => {
    const element = log.current
    const newest = messages.at(-1)?.id ?? 0
    const arrived = newest > newestSeen.current
    newestSeen.current = newest
    if (!element) return
    if (keepOffset.current !== null) {
      element.scrollTop = element.scrollHeight - keepOffset.current
      keepOffset.current = null
    } else if (following.current) {
      element.scrollTop = element.scrollHeight
    } else if (arrived) {
      setUnseen(true)
    }
  }, [messages])

  const loadOlder = async () => {
    const element = log.current
    if (loadingOlder || !hasMore || !messages.length || !element) return
    setLoadingOlder(true)
    try {
      const older = await apiGet<ChatHistory>(`/get-chat-messages?before=${messages[0].id}`)
      keepOffset.current = element.scrollHeight - element.scrollTop
      add(older.messages)
      setHasMore(older.has_more)
    } catch {
      toast(t('load-error'), 'error')
    } finally {
      setLoadingOlder(false)
    }
  }

  const onScroll = () => {
    const element = log.current
    if (!element) return
    following.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK
    if (following.current) setUnseen(false)
    if (element.scrollTop < FOLLOW_SLACK) void loadOlder()
  }

  const toNewest = () => {
    following.current = true
    setUnseen(false)
    log.current?.scrollTo({ top: log.current.scrollHeight })
  }

  const remove = async (message: ChatMessageView) => {
    const sure = await confirm({
      title: t('delete-title'),
      message: t('delete-text'),
      confirmLabel: t('delete'),
    })
    if (!sure) return
    const answer = await apiPost<unknown, { message?: string }>('/delete-chat-message', {
      message_id: message.id,
    })
    if (answer.ok || answer.status === 404) {
      setMessages((list) => list.filter((item) => item.id !== message.id))
      toast(t('deleted'), 'success')
    } else {
      toast(answer.data.message ?? t('send-error'), 'error')
    }
  }

  if (phase === 'blocked') {
    return <ErrorState message={t('blocked')} />
  }
  if (phase === 'failed') {
    return (
      <ErrorState
        message={t('load-error')}
        action={
          <Button variant="secondary" size="s" onClick={() => setAttempt((value) => value + 1)}>
            {ui('retry')}
          </Button>
        }
      />
    )
  }

  return (
    <div className="chat-room">
      <div className="chat-bar">
        <p className="chat-connection" role="status">
          <span className={`chat-dot chat-dot-${connection}`} aria-hidden="true" />
          {t(`status-${connection}`)}
        </p>
        {online !== null && <p className="chat-online">{t('online', { count: online })}</p>}
      </div>
      <div
        ref={log}
        className="chat-log"
        role="log"
        aria-label={t('log-label')}
        aria-busy={phase === 'loading'}
        tabIndex={0}
        onScroll={onScroll}
      >
        {phase === 'loading' ? (
          <Loading label={t('loading')} />
        ) : (
          <>
            {hasMore ? (
              <p className="chat-older">
                <Button variant="ghost" size="s" onClick={loadOlder} disabled={loadingOlder}>
                  {loadingOlder ? t('loading-older') : t('load-older')}
                </Button>
              </p>
            ) : (
              messages.length > 0 && <p className="chat-beginning">{t('beginning')}</p>
            )}
            {messages.length === 0 && <p className="chat-empty">{t('empty')}</p>}
            <ol className="chat-messages">
              {messages.map((message) => (
                <ChatItem
                  key={message.id}
                  message={message}
                  viewer={viewer}
                  onDelete={() => remove(message)}
                  onBlock={() =>
                    message.author &&
                    setBlocking({
                      account: { id: message.author.id, display_name: message.author.display_name },
                      scope: 'chat',
                      block: true,
                    })
                  }
                />
              ))}
            </ol>
          </>
        )}
      </div>
      {unseen && (
        <p className="chat-unseen">
          <Button size="s" onClick={toNewest}>
            {t('new-messages')}
          </Button>
        </p>
      )}
      {!viewer ? (
        <div className="chat-guest card">
          <p className="chat-guest-title">{t('guest-title')}</p>
          <p>{t('guest-text')}</p>
          <a href={signInHref} className={buttonClass({ size: 's' })}>
            {t('sign-in')}
          </a>
        </div>
      ) : chatBlocked ? (
        <div className="chat-guest card" role="status">
          <p className="chat-guest-title">{t('chat-blocked')}</p>
          <p>{t('chat-blocked-text')}</p>
        </div>
      ) : (
        <Composer
          onSent={(message) => {
            following.current = true
            add([message])
          }}
          onChatBlocked={() => setChatBlocked(true)}
          onBlocked={() => setPhase('blocked')}
        />
      )}
      {dialog}
      <BlockDialog
        request={blocking}
        onClose={() => setBlocking(null)}
        onDone={() => setBlocking(null)}
      />
    </div>
  )
}

function ChatItem({
  message,
  viewer,
  onDelete,
  onBlock,
}: {
  message: ChatMessageView
  viewer: ChatViewer
  onDelete: () => void
  onBlock: () => void
}) {
  const t = useTranslations('chat')
  const roles = useTranslations('roles')
  const format = useFormatter()
  const name = message.author?.display_name ?? '—'
  const written = new Date(message.created_at)
  const today = new Date().toDateString() === written.toDateString()
  const own = viewer !== null && message.author?.id === viewer.id
  const mention =
    viewer && !own && viewer.displayName.length > 1
      ? message.text.toLowerCase().includes(viewer.displayName.toLowerCase())
      : false
  const role = message.author?.role
  const badge = roleBadgeTone(message.author)
  return (
    <li
      className={['chat-message', own && 'chat-message-own', mention && 'chat-message-mention']
        .filter(Boolean)
        .join(' ')}
    >
      <Avatar name={name} src={message.author?.avatar ?? null} className="chat-avatar" />
      <div className="chat-body">
        <p className="chat-meta">
          <span className="chat-author">{name}</span>
          {role && badge && <Badge tone={badge}>{roles(role)}</Badge>}
          <time dateTime={message.created_at} className="chat-time">
            {format.dateTime(
              written,
              today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
            )}
          </time>
          {mention && <span className="visually-hidden">{t('mentions-you')}</span>}
        </p>
        <LinkedText
          text={message.text}
          className="chat-text"
          linkClassName="chat-link"
          highlight={mention ? viewer?.displayName : undefined}
        />
        {viewer?.isAdmin && (
          <p className="chat-actions">
            <Button
              variant="ghost"
              size="s"
              onClick={onDelete}
              aria-label={t('delete-named', { name })}
            >
              {t('delete')}
            </Button>
            {message.author && canBeBlocked(message.author) && (
              <Button
                variant="ghost"
                size="s"
                onClick={onBlock}
                aria-label={t('block-named', { name })}
              >
                {t('block')}
              </Button>
            )}
          </p>
        )}
      </div>
    </li>
  )
}

function Composer({
  onSent,
  onChatBlocked,
  onBlocked,
}: {
  onSent: (message: ChatMessageView) => void
  onChatBlocked: () => void
  onBlocked: () => void
}) {
  const t = useTranslations('chat')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const send = async () => {
    const trimmed = text.trim()
    if (!trimmed || sending) return
    setSending(true)
    setError(null)
    try {
      const answer = await apiPost<
        { message: ChatMessageView },
        { message?: string; code?: string }
      >('/add-chat-message', { text: trimmed })
      if (answer.ok) {
        setText('')
        onSent(answer.data.message)
        return
      }
      if (answer.status === 402) return onBlocked()
      if (answer.status === 403) onChatBlocked()
      setError(answer.data.message ?? t('send-error'))
    } catch {
      setError(t('send-error'))
    } finally {
      setSending(false)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void send()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <label htmlFor="chat-text" className="visually-hidden">
        {t('message-label')}
      </label>
      <textarea
        id="chat-text"
        name="text"
        rows={2}
        value={text}
        maxLength={LIMITS.chatMessageMax}
        placeholder={t('placeholder')}
        aria-describedby="chat-counter"
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer-row">
        <span id="chat-counter" className="chat-counter">
          {t('counter', { count: text.length, max: LIMITS.chatMessageMax })}
        </span>
        <Button type="submit" disabled={sending || !text.trim()}>
          {t('send')}
        </Button>
      </div>
      <FormMessage error={error ?? undefined} />
    </form>
  )
}
