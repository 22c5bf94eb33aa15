'use client'

import { useTranslations } from 'next-intl'

import type { ChatConnection } from '@/client/chat/useChatRoom'

/** The room's connection (live, connecting, reconnecting) and how many are in it. */
export function ChatBar({
  connection,
  online,
}: {
  connection: ChatConnection
  online: number | null
}) {
  const t = useTranslations('chat')
  return (
    <div className="chat-bar">
      <p className="chat-connection" role="status">
        <span className={`chat-dot chat-dot-${connection}`} aria-hidden="true" />
        {t(`status-${connection}`)}
      </p>
      {online !== null && <p className="chat-online">{t('online', { count: online })}</p>}
    </div>
  )
}
