'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'

import { SectionNav } from '@/components/account/SectionNav'

import { type AnalyticsView, analyticsHref, readQuery } from './query'
import { RangePicker } from './RangePicker.client'
import { ResourceAnalyticsView } from './ResourceAnalyticsView.client'
import { SiteAnalyticsView } from './SiteAnalyticsView.client'

import './analytics.css'
import './analytics-charts.css'

/**
 * /analitycs in the browser: the period picker and the figures, all read from the address. An
 * admin opens on the whole site and can switch to the resources' view (the one owners get); one
 * resource alone is always the resources' view.
 */
export function AnalyticsScreen({ canSeeSite }: { canSeeSite: boolean }) {
  const t = useTranslations('analytics')
  const query = readQuery(new URLSearchParams(useSearchParams().toString()))
  const view: AnalyticsView = !canSeeSite || query.resource ? 'resources' : (query.view ?? 'site')
  return (
    <div className="analytics-screen">
      {canSeeSite && (
        <SectionNav
          label={t('views-label')}
          current={view}
          sections={[
            {
              id: 'site',
              href: analyticsHref({ ...query, view: undefined, resource: undefined }),
              label: t('view-site'),
            },
            {
              id: 'resources',
              href: analyticsHref({ ...query, view: 'resources', resource: undefined }),
              label: t('view-resources'),
            },
          ]}
        />
      )}
      <RangePicker query={query} />
      {view === 'site' ? (
        <SiteAnalyticsView query={query} />
      ) : (
        <ResourceAnalyticsView query={query} />
      )}
    </div>
  )
}
