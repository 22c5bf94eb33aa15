import type { ServerProps } from 'payload'

import { waitingCounts } from '@/data/moderation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { MODERATION_PATHS, WAITING_QUEUES, isAdminQueue } from '@/lib/moderation'
import { canModerate } from '@/lib/roles'
import { serverMessage } from '@/server/serverMessages'

/**
 * Above the admin's dashboard, for admins only: what waits in each moderators' queue (the same
 * counts as the site's /moderation), each a link to that queue on the site (or in the admin, for
 * the new PGP keys), in the admin's language.
 */
export async function ModerationQueues({ payload, user, i18n }: ServerProps) {
  if (!canModerate(user)) return null
  const locale = isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE
  const say = (key: string, values?: Record<string, string | number>) =>
    serverMessage({ locale, key: `moderation.${key}`, values })
  const counts = await waitingCounts({ payload })
  return (
    <section
      className="moderation-queues"
      aria-labelledby="moderation-queues-title"
      style={{ padding: '1rem 6px 0' }}
    >
      <h2 id="moderation-queues-title" style={{ margin: '0 0 1rem' }}>
        {say('admin-panel-title')}
      </h2>
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
          gap: '0.75rem',
          margin: '0 0 0.75rem',
          padding: 0,
          listStyle: 'none',
        }}
      >
        {WAITING_QUEUES.map((queue) => (
          <li key={queue}>
            <a
              href={
                isAdminQueue(queue)
                  ? MODERATION_PATHS[queue]
                  : localizedPath(locale, MODERATION_PATHS[queue])
              }
              data-queue={queue}
              style={{
                display: 'grid',
                gap: '0.25rem',
                height: '100%',
                padding: '0.75rem 1rem',
                border: '1px solid var(--theme-elevation-150)',
                borderLeft: `4px solid ${counts[queue] ? 'var(--theme-warning-500)' : 'var(--theme-elevation-150)'}`,
                borderRadius: 'var(--style-radius-m)',
                background: 'var(--theme-elevation-50)',
                color: 'var(--theme-text)',
                textDecoration: 'none',
              }}
            >
              <strong style={{ fontSize: '1.75rem', lineHeight: 1.1 }}>{counts[queue]}</strong>
              <span>{say(`queue-${queue}`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p style={{ margin: '0 0 1.5rem' }}>
        <a href={localizedPath(locale, MODERATION_PATHS.dashboard)}>{say('admin-panel-link')}</a>
      </p>
    </section>
  )
}
