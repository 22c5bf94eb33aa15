'use client'

import { useTranslations } from 'next-intl'

import { useVerificationRequests } from '@/client/swr/useSupport'
import { buttonClass } from '@/components/ui/Button'
import { SelectField } from '@/components/ui/Field'
import { QueueScreen, QueueTabs, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import { Link } from '@/i18n/navigation'
import { RESOURCE_TYPE_VALUES, type ResourceType } from '@/lib/resourceTypes'
import { VERIFICATION_STATUSES, VERIFICATION_WAITING, type VerificationStatus } from '@/lib/support'

import { RequestCard } from './RequestCard.client'

/** The viewer's verification requests; for admins also the moderation queue, in a tab of its own. */
export function VerificationRequests({ isStaff }: { isStaff: boolean }) {
  const t = useTranslations('verification')
  return (
    <QueueTabs
      isStaff={isStaff}
      label={t('tabs-label')}
      queueLabel={t('tab-queue')}
      mineLabel={t('tab-mine')}
      list={(queue) => <RequestPages queue={queue} />}
    />
  )
}

type Filters = {
  status: VerificationStatus | typeof VERIFICATION_WAITING | ''
  type: ResourceType | ''
}

function RequestPages({ queue }: { queue: boolean }) {
  const t = useTranslations('verification')
  const tq = useTranslations('verification-queue')
  // The queue opens on everything that needs a decision: sent and under review together.
  const { page, setPage, filters, setFilter, query } = useQueueQuery<Filters>({
    status: queue ? VERIFICATION_WAITING : '',
    type: '',
  })
  const read = useVerificationRequests({ ...query, queue })
  const { status, type } = filters
  const prefix = queue ? 'queue-' : 'my-'
  const isFiltered = (status && status !== VERIFICATION_WAITING) || type

  return (
    <QueueScreen
      className="support-list"
      filters={
        <div className="support-filters">
          <SelectField
            id={`${prefix}status`}
            label={t('filter-status')}
            value={status}
            onChange={(event) =>
              setFilter('status', event.currentTarget.value as Filters['status'])
            }
            options={[
              ...(queue ? [{ value: VERIFICATION_WAITING, label: tq('filter-waiting') }] : []),
              { value: '', label: t('status-all') },
              ...VERIFICATION_STATUSES.map((value) => ({ value, label: t(`status-${value}`) })),
            ]}
          />
          {queue && (
            <SelectField
              id={`${prefix}type`}
              label={t('filter-type')}
              value={type}
              onChange={(event) => setFilter('type', event.currentTarget.value as Filters['type'])}
              options={[
                { value: '', label: t('type-all') },
                ...RESOURCE_TYPE_VALUES.map((value) => ({ value, label: t(`type-${value}`) })),
              ]}
            />
          )}
        </div>
      }
      read={read}
      items={(data) => data.requests}
      renderItem={(request) => (
        <RequestCard
          key={request.id}
          request={request}
          queue={queue}
          onChange={() => read.mutate()}
        />
      )}
      empty={
        <EmptyState
          title={isFiltered ? t('filter-empty') : queue ? t('queue-empty') : t('empty')}
          action={
            queue ? undefined : (
              <Link href="/application-for-verification" className={buttonClass({ size: 's' })}>
                {t('new')}
              </Link>
            )
          }
        >
          {!queue && !status && <p>{t('empty-text')}</p>}
        </EmptyState>
      }
      errorMessage={t('load-error')}
      listClassName="request-list"
      rowClassName="card"
      rows={2}
      lines={3}
      page={page}
      onPage={setPage}
    />
  )
}
