import useSWR from 'swr'

import type { UserView } from '@/data/views/users'

import { type GetAnswer, apiPath } from '../api'

/** The caller's own account: GET /get-user-by-id without an id. */
export const CURRENT_USER_PATH = apiPath('/get-user-by-id')

/**
 * The signed-in account. `fallback` is what the page's server render already knows; writers call
 * `mutate` (or `mutate(answer.data, { revalidate: false })` with a call's `{user}` answer) after a
 * change.
 */
export const useCurrentUser = ({ fallback }: { fallback?: UserView } = {}) => {
  const { data, error, isLoading, mutate } = useSWR<GetAnswer<'/get-user-by-id'>>(
    CURRENT_USER_PATH,
    { fallbackData: fallback && { status: 200, user: fallback } },
  )
  return { user: data?.user ?? null, isLoading, error: error as unknown, mutate }
}
