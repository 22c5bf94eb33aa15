'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { useChatRoom } from '@/client/chat/useChatRoom'
import { useChatScroll } from '@/client/chat/useChatScroll'
import { BlockDialog, type BlockRequest } from '@/components/employees/BlockDialog.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { ErrorState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import type { ChatMessageView } from '@/data/views/chat'

import { ChatBar } from './ChatBar.client'
import { ChatComposer } from './ChatComposer.client'
import { ChatLog } from './ChatLog.client'

/** Who reads the room: null for a guest. */
export type ChatViewer = {
  id: number
  displayName: string
  isAdmin: boolean
  chatBlocked: boolean
} | null

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
  const [blocking, setBlocking] = useState<BlockRequest | null>(null)
  const [chatBlocked, setChatBlocked] = useState(viewer?.chatBlocked ?? false)
  const room = useChatRoom({ onHistory: () => scroll.follow(), onChatBlock: setChatBlocked })
  const { logRef, ...scroll } = useChatScroll({ messages: room.messages })

  const loadOlder = async () => {
    if (!logRef.current) return
    if (!(await room.loadOlder(scroll.keepPlace))) toast(t('load-error'), 'error')
  }

  const remove = async (message: ChatMessageView) => {
    const sure = await confirm({
      title: t('delete-title'),
      message: t('delete-text'),
      confirmLabel: t('delete'),
    })
    if (!sure) return
    const answer = await room.remove(message.id)
    if (answer.ok || answer.status === 404) toast(t('deleted'), 'success')
    else toast(answer.data.message ?? t('send-error'), 'error')
  }

  if (room.phase === 'blocked') {
    return <ErrorState message={t('blocked')} />
  }
  if (room.phase === 'failed') {
    return (
      <ErrorState
        message={t('load-error')}
        action={
          <Button variant="secondary" size="s" onClick={room.retry}>
            {ui('retry')}
          </Button>
        }
      />
    )
  }

  return (
    <div className="chat-room">
      <ChatBar connection={room.connection} online={room.online} />
      <ChatLog
        ref={logRef}
        isLoading={room.phase === 'loading'}
        messages={room.messages}
        hasMore={room.hasMore}
        isLoadingOlder={room.isLoadingOlder}
        viewer={viewer}
        onScroll={() => {
          if (scroll.onScroll()) void loadOlder()
        }}
        onLoadOlder={loadOlder}
        onDelete={remove}
        onBlock={({ author }) =>
          author &&
          setBlocking({
            account: { id: author.id, display_name: author.display_name },
            scope: 'chat',
            block: true,
          })
        }
      />
      {scroll.unseen && (
        <p className="chat-unseen">
          <Button size="s" onClick={scroll.toNewest}>
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
        <ChatComposer
          onSend={(text) => room.send(text, scroll.follow)}
          onChatBlocked={() => setChatBlocked(true)}
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
