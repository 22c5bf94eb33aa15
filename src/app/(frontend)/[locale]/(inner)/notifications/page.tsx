import type { Metadata } from 'next'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { Pagination } from '@/components/directory/Pagination'
import { MarkAllRead } from '@/components/notifications/MarkAllRead.client'
import { NotificationLink } from '@/components/notifications/NotificationLink.client'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/States'
import { readNotificationsPage } from '@/data/notifications'
import { requireUser } from '@/data/requireUser'
import { isLocale } from '@/i18n/routing'
import { pageParam } from '@/lib/searchParams'

import '@/components/notifications/notifications.css'

type Props = { searchParams: Promise<{ page?: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notifications-page')
  return { title: t('title') }
}

/**
 * The signed-in user's notifications, newest first, the unread ones marked, each a sentence and
 * what it quotes of the review, reply or comment; opening one marks it read and goes to the review
 * or comment itself (or to what it is about).
 */
export default async function NotificationsPage({ searchParams }: Props) {
  const user = await requireUser()
  const requested = await getLocale()
  const [t, words, format] = await Promise.all([
    getTranslations('notifications-page'),
    getTranslations('notifications'),
    getFormatter(),
  ])
  const page = pageParam((await searchParams).page)
  const result = await readNotificationsPage({
    user,
    locale: isLocale(requested) ? requested : 'ru',
    page,
  })
  return (
    <section className="notifications-page" aria-labelledby="notifications-title">
      <div className="notifications-head">
        <h1 id="notifications-title">{t('title')}</h1>
        {result.unread > 0 && <MarkAllRead label={t('mark-all')} failed={t('failed')} />}
      </div>
      <p className="notifications-summary">
        {result.unread ? t('unread-count', { count: result.unread }) : t('all-read')}
      </p>
      {result.notifications.length ? (
        <ol className="notification-list" aria-label={t('list-label')}>
          {result.notifications.map((item) => (
            <li key={item.id} className={item.read ? 'notification' : 'notification is-unread'}>
              <NotificationLink
                id={item.id}
                href={item.path}
                read={item.read}
                className="notification-link"
              >
                <span className="notification-text">
                  {!item.read && <span className="visually-hidden">{t('unread')}: </span>}
                  {item.text}
                </span>
                {item.snippet && (
                  <span className="notification-snippet">
                    {words('snippet', { snippet: item.snippet })}
                  </span>
                )}
              </NotificationLink>
              <span className="notification-meta">
                <time dateTime={item.created_at}>
                  {format.dateTime(new Date(item.created_at), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
                {!item.read && (
                  <span aria-hidden="true">
                    <Badge tone="info">{t('new')}</Badge>
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={t('empty-title')}>
          <p>{t('empty-text')}</p>
        </EmptyState>
      )}
      <Pagination path="/notifications" query={{}} page={page} pages={result.total_pages} />
    </section>
  )
}
