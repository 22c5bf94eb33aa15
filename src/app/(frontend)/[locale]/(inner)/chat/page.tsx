import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { ChatRoom } from '@/components/chat/ChatRoom.client'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { canModerateChat } from '@/lib/roles'
import { NEXT_PARAM } from '@/routes'

import '@/components/chat/chat.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('chat')
  return { title: t('title'), description: t('description') }
}

/** /chat: the site's live chat room; guests read, members write. */
export default async function ChatPage() {
  const t = await getTranslations('chat')
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const user = await getCurrentUser()
  const signInHref = `${localizedPath(locale, '/signin')}?${NEXT_PARAM}=${encodeURIComponent(
    localizedPath(locale, '/chat'),
  )}`
  return (
    <ClientMessages group="chat">
      <section className="page chat-page" aria-labelledby="chat-title">
        <header className="page-header">
          <h1 id="chat-title">{t('title')}</h1>
          <p className="page-lead">{t('intro')}</p>
        </header>
        <ChatRoom
          viewer={
            user
              ? {
                  id: user.id,
                  displayName: user.displayName,
                  isAdmin: canModerateChat(user),
                  chatBlocked: Boolean(user.chatBlocked),
                }
              : null
          }
          signInHref={signInHref}
        />
      </section>
    </ClientMessages>
  )
}
