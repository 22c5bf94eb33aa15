import useSWRInfinite from 'swr/infinite'

import type { CommentPage } from '@/data/views/comments'

import { apiGet } from '../api'

/** Comments per step (spec §9: the list loads 10 more at a time). */
export const COMMENTS_STEP = 10

type Target = { collection: 'news' | 'posts'; id: number }

/** The address of one step of an article's comments: older than `before`, the last one shown. */
export const commentsPath = ({ collection, id }: Target, before?: number) =>
  `/get-comments?${collection === 'news' ? 'news_id' : 'post_id'}=${id}&limit=${COMMENTS_STEP}` +
  (before ? `&before=${before}` : '')

/**
 * An article's comments as the viewer may see them, newest first, ten at a time (GET
 * /get-comments with the id of the last one shown as the cursor, so comments written meanwhile
 * never repeat one already shown). `viewer` is the signed-in account's id (null for a guest,
 * undefined while unknown: nothing is asked then), part of the key because the answer depends on
 * who asks (own, hidden). Writers call `mutate()`: every loaded step is asked again in turn.
 */
export const useComments = ({
  target,
  viewer,
}: {
  target: Target
  viewer: number | null | undefined
}) => {
  const { data, error, isLoading, isValidating, mutate, size, setSize } = useSWRInfinite<
    CommentPage,
    unknown,
    (index: number, previous: CommentPage | null) => [string, number | null] | null
  >(
    (index, previous) => {
      if (viewer === undefined) return null
      if (index === 0) return [commentsPath(target), viewer]
      if (!previous?.has_more || !previous.comments.length) return null
      return [commentsPath(target, previous.comments.at(-1)!.id), viewer]
    },
    ([path]) => apiGet<CommentPage>(path),
    { revalidateFirstPage: true },
  )
  const pages = data ?? []
  const comments = pages.flatMap((page) => page.comments)
  const last = pages.at(-1)
  return {
    comments,
    total: last?.total ?? null,
    hasMore: Boolean(last?.has_more),
    isLoading: viewer === undefined || isLoading,
    isLoadingMore: size > pages.length && !error,
    isValidating,
    error,
    loadMore: () => setSize(size + 1),
    mutate,
  }
}
