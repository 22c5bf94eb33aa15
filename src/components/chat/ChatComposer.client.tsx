'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, type KeyboardEvent, useState } from 'react'

import type { ApiAnswer, PostAnswer } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { LIMITS } from '@/lib/limits'

/**
 * The writing box: Enter sends, Shift+Enter breaks the line; the server's refusal shows under
 * it, and a refusal for a chat block (403) turns the box into the block's notice.
 */
export function ChatComposer({
  onSend,
  onChatBlocked,
}: {
  onSend: (text: string) => Promise<ApiAnswer<PostAnswer<'/add-chat-message'>>>
  onChatBlocked: () => void
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
      const answer = await onSend(trimmed)
      if (answer.ok) {
        setText('')
        return
      }
      // The room shows the site block itself.
      if (answer.status === 402) return
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
