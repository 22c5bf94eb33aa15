'use client'

import { type ReactNode, useState } from 'react'

import { ListLoadState } from './ListLoadState.client'
import { PageButtons } from './PageButtons.client'
import { Tabs } from './Tabs.client'

/** One page of a list as the API answers it. */
type ListPage = { total_pages: number }

/** A list's read as SWR gives it. */
export type QueueRead<D extends ListPage> = {
  data?: D
  error?: unknown
  isLoading: boolean
  mutate: () => unknown
}

/**
 * A staff list screen (tickets, verification requests, users, employees): its filters, then one
 * page of rows in the list's own shape with the page buttons under them. Until the rows come it
 * shows skeleton rows of that shape, or the list's error with a way to try again; with no row,
 * `empty`. `className` boxes the filters and the list together where the screen has such a box.
 */
export function QueueScreen<D extends ListPage, Item>({
  className,
  filters,
  read,
  items,
  renderItem,
  intro,
  empty,
  errorMessage,
  listClassName,
  rowClassName,
  rows,
  lines,
  page,
  onPage,
}: {
  className?: string
  filters?: ReactNode
  read: QueueRead<D>
  items: (data: D) => Item[]
  /** A row, a list item with its key. */
  renderItem: (item: Item) => ReactNode
  /** Above the rows once they came (how many there are). */
  intro?: (data: D) => ReactNode
  empty: ReactNode
  errorMessage: string
  listClassName: string
  /** The class of a skeleton row. */
  rowClassName: string
  rows?: number
  lines?: number
  page: number
  onPage: (page: number) => void
}) {
  const { data, error, isLoading, mutate } = read
  let body: ReactNode
  if (error || isLoading || !data) {
    body = (
      <ListLoadState
        failed={Boolean(error)}
        errorMessage={errorMessage}
        onRetry={() => mutate()}
        listClassName={listClassName}
        rowClassName={rowClassName}
        rows={rows}
        lines={lines}
      />
    )
  } else if (!items(data).length) {
    body = empty
  } else {
    body = (
      <>
        {intro?.(data)}
        <ul className={listClassName}>{items(data).map(renderItem)}</ul>
        <PageButtons page={page} pages={data.total_pages} onPage={onPage} />
      </>
    )
  }
  const screen = (
    <>
      {filters}
      {body}
    </>
  )
  return className ? <div className={className}>{screen}</div> : screen
}

/** The filters that are set: an empty value (a select's "all") is left out of the call. */
type SetFilters<F> = { [K in keyof F]?: Exclude<F[K], ''> }

/**
 * A queue's page and filters, kept in the screen's state: a new filter value goes back to the
 * first page. `query` is what the list's call is sent: the page and each filter that is set.
 */
export const useQueueQuery = <F extends Record<string, string>>(initial: F) => {
  const [page, setPage] = useState(1)
  const [filters, setFilters] = useState(initial)
  const setFilter = <K extends keyof F>(name: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [name]: value }))
    setPage(1)
  }
  const set = Object.entries(filters).filter(([, value]) => value)
  const query = { page, ...Object.fromEntries(set) } as { page: number } & SetFilters<F>
  return { page, setPage, filters, setFilter, query }
}

/**
 * A staff queue beside the viewer's own list: for staff two tabs, the queue first, each list
 * keeping its own page and filters; for anyone else their own list alone.
 */
export function QueueTabs({
  isStaff,
  label,
  queueLabel,
  mineLabel,
  list,
}: {
  isStaff: boolean
  label: string
  queueLabel: string
  mineLabel: string
  list: (queue: boolean) => ReactNode
}) {
  if (!isStaff) return list(false)
  return (
    <Tabs
      label={label}
      tabs={[
        { id: 'queue', label: queueLabel, content: list(true) },
        { id: 'mine', label: mineLabel, content: list(false) },
      ]}
    />
  )
}
