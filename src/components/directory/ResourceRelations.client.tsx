'use client'

import { type ReactNode, createContext, useContext } from 'react'
import useSWR from 'swr'

import type { ResourceRelation } from '@/api/resources'
import { type GetAnswer, apiPath } from '@/client/api'
import { useViewer } from '@/client/swr/useViewer'

import { FavoriteButton } from './FavoriteButton.client'

/** `unknown` while the browser asks (or could not learn it): nothing personal is shown then. */
type Relations =
  | { status: 'unknown' }
  | { status: 'guest' }
  | { status: 'known'; of: Map<number, ResourceRelation> }

const RelationsContext = createContext<Relations>({ status: 'unknown' })

/**
 * Where the visitor stands towards the resources of a page (favorite, reviewed, manages): the
 * directory pages are the same for everyone, so the browser asks once per page
 * (GET /resource-relations) and the parts below read the answer.
 */
export function ResourceRelations({ ids, children }: { ids: number[]; children: ReactNode }) {
  const { viewer, isLoading } = useViewer()
  const { data } = useSWR<GetAnswer<'/resource-relations'>>(
    viewer && ids.length ? apiPath('/resource-relations', { ids: ids.join(',') }) : null,
  )
  const value: Relations = isLoading
    ? { status: 'unknown' }
    : !viewer
      ? { status: 'guest' }
      : data
        ? { status: 'known', of: new Map(data.relations.map((r) => [r.resource_id, r])) }
        : { status: 'unknown' }
  return <RelationsContext.Provider value={value}>{children}</RelationsContext.Provider>
}

const useRelation = (resourceId: number) => {
  const relations = useContext(RelationsContext)
  if (relations.status !== 'known') return relations.status
  return relations.of.get(resourceId) ?? 'unknown'
}

/** The favorites toggle for a signed-in visitor; `guest` (if any) for everyone else. */
export function ViewerFavorite({
  resourceId,
  title,
  compact,
  guest = null,
}: {
  resourceId: number
  title: string
  compact?: boolean
  guest?: ReactNode
}) {
  const relation = useRelation(resourceId)
  if (relation === 'guest') return guest
  if (relation === 'unknown') return null
  return (
    <FavoriteButton
      // A new answer (another visit, another account) starts the button from it.
      key={String(relation.favorite)}
      resourceId={resourceId}
      initial={relation.favorite}
      title={title}
      compact={compact}
    />
  )
}

/** Chooses what the review area shows this visitor; `children` is the review form. */
export function ReviewSlot({
  resourceId,
  guest,
  reviewed,
  manages,
  staff,
  children,
}: {
  resourceId: number
  guest: ReactNode
  reviewed: ReactNode
  manages: ReactNode
  /** For a visitor whose employer owns the resource (they may not review it). */
  staff: ReactNode
  children: ReactNode
}) {
  const relation = useRelation(resourceId)
  if (relation === 'guest') return guest
  if (relation === 'unknown') return null
  if (relation.has_review) return reviewed
  if (relation.manages) return manages
  if (relation.staff) return staff
  return children
}

/**
 * `reviewed` for a visitor who has reviewed the resource ("Edit your review"), `children` for
 * everyone else, and while the browser asks.
 */
export function IfReviewed({
  resourceId,
  reviewed,
  children,
}: {
  resourceId: number
  reviewed: ReactNode
  children: ReactNode
}) {
  const relation = useRelation(resourceId)
  return typeof relation === 'object' && relation.has_review ? reviewed : children
}
