'use client'

import { useTranslations } from 'next-intl'
import type { Ref } from 'react'

import { Button } from '@/components/ui/Button'
import { Loading } from '@/components/ui/States'
import type { ChatMessageView } from '@/data/views/chat'

import { ChatMessageItem } from './ChatMessageItem.client'
import type { ChatViewer } from './ChatRoom.client'

/**
 * The room's messages, oldest at the top: "Load older" while older ones remain, else the note
 * that this is the beginning of the room.
 */
export function ChatLog({
  ref,
  isLoading,
  messages,
  hasMore,
  isLoadingOlder,
  viewer,
  onScroll,
  onLoadOlder,
  onDelete,
  onBlock,
}: {
  ref: Ref<HTMLDivElement>
  isLoading: boolean
  messages: ChatMessageView[]
  hasMore: boolean
  isLoadingOlder: boolean
  viewer: ChatViewer
  onScroll: () => void
  onLoadOlder: () => void
  onDelete: (message: ChatMessageView) => void
  onBlock: (message: ChatMessageView) => void
}) {
  const t = useTranslations('chat')
  return (
    <div
      ref={ref}
      className="chat-log"
      role="log"
      aria-label={t('log-label')}
      aria-busy={isLoading}
      tabIndex={0}
      onScroll={onScroll}
    >
      {isLoading ? (
        <Loading label={t('loading')} />
      ) : (
        <>
          {hasMore ? (
            <p className="chat-older">
              <Button variant="ghost" size="s" onClick={onLoadOlder} disabled={isLoadingOlder}>
                {isLoadingOlder ? t('loading-older') : t('load-older')}
              </Button>
            </p>
          ) : (
            messages.length > 0 && <p className="chat-beginning">{t('beginning')}</p>
          )}
          {messages.length === 0 && <p className="chat-empty">{t('empty')}</p>}
          <ol className="chat-messages">
            {messages.map((message) => (
              <ChatMessageItem
                key={message.id}
                message={message}
                viewer={viewer}
                onDelete={() => onDelete(message)}
                onBlock={() => onBlock(message)}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  )
}
