'use client'

import { useFormatter, useTranslations } from 'next-intl'

import { Avatar } from '@/components/Avatar'
import { LinkedText } from '@/components/LinkedText.client'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import type { ChatMessageView } from '@/data/views/chat'
import { canBeBlocked, roleBadgeTone } from '@/lib/roles'

import type { ChatViewer } from './ChatRoom.client'

/**
 * One message: its author and their role, the time (the date too when not today), the text with
 * its links, marked when it names the viewer; admins delete it or block its author here.
 */
export function ChatMessageItem({
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
  const name = message.author?.display_name ?? t('deleted-member')
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
