import useSWRInfinite from 'swr/infinite'

import { COMMENTS_STEP } from '@/lib/limits'
import { canModerateComments } from '@/lib/roles'

import { type ApiAnswer, type GetAnswer, apiPath, apiPost, getAddress } from '../api'

import { useViewer } from './useViewer'

/** The article the comments are on. */
export type CommentTarget = { collection: 'news' | 'posts'; id: number }

/** What the viewer may do with the comments: nothing personal is known while it is `unknown`. */
export type CommentsViewer =
  { status: 'unknown' } | { status: 'guest' } | { status: 'known'; id: number; moderator: boolean }

type CommentsPage = GetAnswer<'/get-comments'>

/** The address of one step of an article's comments: older than `before`, the last one shown. */
const commentsPath = ({ collection, id }: CommentTarget, before?: number) =>
  apiPath('/get-comments', {
    ...(collection === 'news' ? { news_id: id } : { post_id: id }),
    limit: COMMENTS_STEP,
    before,
  })

/** Who reads the comments, as far as they are concerned: unknown, a guest, or an account. */
export const useCommentsViewer = (): CommentsViewer => {
  const { viewer, isLoading } = useViewer()
  if (isLoading) return { status: 'unknown' }
  if (!viewer) return { status: 'guest' }
  return { status: 'known', id: viewer.id, moderator: canModerateComments(viewer) }
}

/**
 * An article's comments as the viewer may see them, newest first, ten at a time (GET
 * /get-comments with the id of the last one shown as the cursor, so comments written meanwhile
 * never repeat one already shown), and the calls that change them. The viewer's id (null for a
 * guest; nothing is asked while it is unknown) is part of the key because the answer depends on
 * who asks (own, hidden). After a successful write every loaded step is asked again in turn.
 */
export const useComments = ({
  target,
  viewer,
}: {
  target: CommentTarget
  viewer: CommentsViewer
}) => {
  const reader =
    viewer.status === 'unknown' ? undefined : viewer.status === 'guest' ? null : viewer.id
  const { data, error, isLoading, isValidating, mutate, size, setSize } = useSWRInfinite<
    CommentsPage,
    unknown,
    (index: number, previous: CommentsPage | null) => [string, number | null] | null
  >(
    (index, previous) => {
      if (reader === undefined) return null
      if (index === 0) return [commentsPath(target), reader]
      if (!previous?.has_more || !previous.comments.length) return null
      return [commentsPath(target, previous.comments.at(-1)!.id), reader]
    },
    ([address]) => getAddress(address) as Promise<CommentsPage>,
    { revalidateFirstPage: true },
  )
  const pages = data ?? []
  const last = pages.at(-1)

  const written = async <T>(answer: Promise<ApiAnswer<T>>) => {
    const settled = await answer
    if (settled.ok) void mutate()
    return settled
  }

  return {
    comments: pages.flatMap((page) => page.comments),
    total: last?.total ?? null,
    hasMore: Boolean(last?.has_more),
    isLoading: reader === undefined || isLoading,
    isLoadingMore: size > pages.length && !error,
    isValidating,
    error,
    loadMore: () => setSize(size + 1),
    mutate,
    add: (text: string, replyTo?: number) =>
      written(
        apiPost('/add-comment', {
          ...(target.collection === 'news' ? { news_id: target.id } : { post_id: target.id }),
          text,
          ...(replyTo ? { reply_to_id: replyTo } : {}),
        }),
      ),
    update: (id: number, text: string) =>
      written(apiPost('/update-comment', { comment_id: id, text })),
    remove: (id: number) => written(apiPost('/delete-comment', { comment_id: id })),
    setHidden: (id: number, hidden: boolean) =>
      written(apiPost('/hide-comment', { comment_id: id, hidden })),
  }
}

/** An article's comments and the calls that change them (`useComments`). */
export type CommentsList = ReturnType<typeof useComments>
