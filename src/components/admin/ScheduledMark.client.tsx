'use client'

import { useDocumentInfo, useModal, useServerFunctions } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { LocalTime } from './LocalTime.client'

type Upcoming = Awaited<
  ReturnType<ReturnType<typeof useServerFunctions>['getUpcomingScheduledPublish']>
>

export type ScheduledMarkLabels = {
  title: string
  publish: string
  unpublish: string
  all: string
  allHref: string
}

/**
 * At the top of a document's edit view, under its status ("Draft"): when it is scheduled to be
 * published or unpublished, in the editor's time zone, and a link to every scheduled
 * publication. Read with the schedule drawer's own server function, again each time the drawer
 * closes.
 */
export const ScheduledMarkView = ({ labels }: { labels: ScheduledMarkLabels }) => {
  const { id, collectionSlug } = useDocumentInfo()
  const { getUpcomingScheduledPublish } = useServerFunctions()
  const { isModalOpen } = useModal()
  const isDrawerOpen = id !== undefined && isModalOpen(`schedule-publish-${id}`)
  const [upcoming, setUpcoming] = useState<Upcoming>([])

  useEffect(() => {
    if (id === undefined || !collectionSlug || isDrawerOpen) return
    let isCurrent = true
    getUpcomingScheduledPublish({ id, collectionSlug })
      .then((docs) => {
        if (isCurrent) setUpcoming(docs)
      })
      .catch(() => {
        // The mark is a convenience: the drawer lists the same jobs and says what went wrong.
      })
    return () => {
      isCurrent = false
    }
  }, [id, collectionSlug, isDrawerOpen, getUpcomingScheduledPublish])

  if (!upcoming.length) return null
  return (
    <div className="scheduled-mark" role="status" style={MARK_STYLE}>
      <strong>{labels.title}</strong>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {upcoming.map((job) => (
          <li key={String(job.id)}>
            {job.input.type === 'unpublish' ? labels.unpublish : labels.publish}{' '}
            <LocalTime iso={String(job.waitUntil)} />
          </li>
        ))}
      </ul>
      <a href={labels.allHref}>{labels.all}</a>
    </div>
  )
}

/** A notice in the admin's own colours, in both of its themes (as the failure banner's). */
const MARK_STYLE = {
  display: 'grid',
  gap: '0.25rem',
  border: '1px solid var(--theme-success-500)',
  background: 'var(--theme-success-50)',
  color: 'var(--theme-elevation-800)',
  borderRadius: 'var(--style-radius-m, 4px)',
  padding: '0.75rem 1rem',
  marginBottom: '1.5rem',
  overflowWrap: 'anywhere',
} as const
