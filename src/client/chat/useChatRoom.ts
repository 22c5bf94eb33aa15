import { useCallback, useEffect, useRef, useState } from 'react'

import type { ChatMessageView } from '@/data/views/chat'
import { mentionedLogins } from '@/lib/notifications'

import { ApiError, apiGet, apiPath, apiPost, apiUrl } from '../api'
import { announceBlocked } from '../blocked'
import { CHAT_MENTION_EVENT, type MentionDetail } from '../swr/useUnreadNotifications'

/** Whether the room could be shown: `blocked` is the site block (402), not the chat's. */
export type ChatPhase = 'loading' | 'ready' | 'failed' | 'blocked'
export type ChatConnection = 'connecting' | 'live' | 'reconnecting'

const REOPEN_MS = 3000

/** Messages in the order they were written (ids grow), each once. */
const merge = (list: ChatMessageView[], added: ChatMessageView[]) => {
  const byId = new Map(list.map((message) => [message.id, message]))
  for (const message of added) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

const isSiteBlock = (error: unknown) => error instanceof ApiError && error.status === 402

/**
 * The chat room's messages, live: the history first, then the server's event stream from where
 * the history ends (`after`, then the browser's own Last-Event-ID when it reconnects), which
 * brings new and removed messages, each once by its seq, and how many are in the room. A stream
 * the server refused is opened again after a pause, unless the account is blocked; one too far
 * behind (`reset`) reloads the room. `onHistory`, `keepPlace` and `beforeShown` run just before
 * messages are put in, so the log can follow the newest or keep the reader's place. The stream
 * also tells the reader's own blocks at once: a site block (`blocked`) signs the tab out
 * (BlockedSignOut), a chat block or its end (`chat-blocked`) goes to `onChatBlock`.
 */
export const useChatRoom = ({
  onHistory,
  onChatBlock,
}: {
  onHistory: () => void
  onChatBlock?: (blocked: boolean) => void
}) => {
  const [phase, setPhase] = useState<ChatPhase>('loading')
  const [connection, setConnection] = useState<ChatConnection>('connecting')
  const [messages, setMessages] = useState<ChatMessageView[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [isLoadingOlder, setIsLoadingOlder] = useState(false)
  const [online, setOnline] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)
  const lastSeq = useRef(0)
  const historyShown = useRef(onHistory)
  const chatBlockTold = useRef(onChatBlock)
  useEffect(() => {
    historyShown.current = onHistory
    chatBlockTold.current = onChatBlock
  })

  const add = useCallback((added: ChatMessageView[]) => {
    setMessages((list) => merge(list, added))
  }, [])
  const retry = () => setAttempt((value) => value + 1)

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
      const stream = new EventSource(apiUrl(apiPath('/chat-stream', { after: lastSeq.current })), {
        withCredentials: true,
      })
      source = stream
      stream.onopen = () => setConnection('live')
      stream.addEventListener('message', (event) => {
        remember(event)
        const message = JSON.parse(event.data) as ChatMessageView
        add([message])
        // A mention is a notification written with the message: the bell, if the reader is named,
        // counts again now rather than at the next navigation.
        const logins = mentionedLogins(message.text)
        if (logins.length) {
          const detail: MentionDetail = { logins }
          window.dispatchEvent(new CustomEvent(CHAT_MENTION_EVENT, { detail }))
        }
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
        announceBlocked({ reason: null })
      })
      stream.addEventListener('chat-blocked', (event) => {
        chatBlockTold.current?.(Boolean((JSON.parse(event.data) as { blocked?: unknown }).blocked))
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
            await apiGet('/get-chat-messages', { limit: 1 })
          } catch (error) {
            if (isSiteBlock(error)) {
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
        const history = await apiGet('/get-chat-messages')
        if (stopped) return
        lastSeq.current = history.last_seq
        historyShown.current()
        setMessages(merge([], history.messages))
        setHasMore(history.has_more)
        setPhase('ready')
        open()
      } catch (error) {
        if (stopped) return
        setPhase(isSiteBlock(error) ? 'blocked' : 'failed')
      }
    }
    void load()
    return () => {
      stopped = true
      source?.close()
      clearTimeout(reopen)
    }
  }, [attempt, add])

  /** The step of history before the oldest message shown; false when it could not be read. */
  const loadOlder = async (keepPlace: () => void) => {
    if (isLoadingOlder || !hasMore || !messages.length) return true
    setIsLoadingOlder(true)
    try {
      const older = await apiGet('/get-chat-messages', { before: messages[0].id })
      keepPlace()
      add(older.messages)
      setHasMore(older.has_more)
      return true
    } catch {
      return false
    } finally {
      setIsLoadingOlder(false)
    }
  }

  /** Writes a message; the answer, OK or not (a site block shows the room's blocked state). */
  const send = async (text: string, beforeShown: () => void) => {
    const answer = await apiPost('/add-chat-message', { text })
    if (answer.ok) {
      beforeShown()
      add([answer.data.message])
    } else if (answer.status === 402) {
      setPhase('blocked')
    }
    return answer
  }

  /** An admin removes a message for every reader (one already gone counts as removed). */
  const remove = async (id: number) => {
    const answer = await apiPost('/delete-chat-message', { message_id: id })
    if (answer.ok || answer.status === 404) {
      setMessages((list) => list.filter((message) => message.id !== id))
    }
    return answer
  }

  return {
    phase,
    connection,
    messages,
    hasMore,
    isLoadingOlder,
    online,
    retry,
    loadOlder,
    send,
    remove,
  }
}
