import { getTranslations } from 'next-intl/server'

import { EmptyState } from '@/components/ui/States'
import { Link } from '@/i18n/navigation'
import {
  MODERATION_PATHS,
  WAITING_QUEUES,
  type WaitingCounts,
  isAdminQueue,
} from '@/lib/moderation'

/**
 * The dashboard's cards: what waits in each queue, each a link to that queue (a queue worked in
 * Payload's admin by a plain link: the admin's addresses take no language prefix).
 */
export async function WaitingQueues({ counts }: { counts: WaitingCounts }) {
  const t = await getTranslations('moderation')
  const total = WAITING_QUEUES.reduce((sum, queue) => sum + counts[queue], 0)
  return (
    <>
      {total === 0 ? (
        <EmptyState title={t('all-clear')}>
          <p>{t('all-clear-text')}</p>
        </EmptyState>
      ) : (
        <p className="account-intro">{t('waiting-total', { count: total })}</p>
      )}
      <ul className="moderation-cards">
        {WAITING_QUEUES.map((queue) => {
          const QueueLink = isAdminQueue(queue) ? 'a' : Link
          return (
            <li key={queue}>
              <QueueLink
                href={MODERATION_PATHS[queue]}
                className={
                  counts[queue] ? 'card moderation-card is-waiting' : 'card moderation-card'
                }
                data-queue={queue}
              >
                <span className="moderation-card-count">{counts[queue]}</span>
                <span className="moderation-card-label">{t(`queue-${queue}`)}</span>
                <span className="moderation-card-hint">
                  {counts[queue] ? t(`queue-${queue}-hint`) : t('queue-empty')}
                </span>
              </QueueLink>
            </li>
          )
        })}
      </ul>
    </>
  )
}
