import useSWR from 'swr'

import type { UserView } from '@/data/views/users'

/** The account as GET /get-user-by-id shows it to its owner. */
export type AccountUser = UserView

export const CURRENT_USER_PATH = '/get-user-by-id'

/**
 * The signed-in account. `fallback` is what the page's server render already knows; writers call
 * `mutate` (or `mutate({ user }, { revalidate: false })`) after a change.
 */
export const useCurrentUser = ({ fallback }: { fallback?: AccountUser } = {}) => {
  const { data, error, isLoading, mutate } = useSWR<{ user: AccountUser }>(CURRENT_USER_PATH, {
    fallbackData: fallback && { user: fallback },
  })
  return { user: data?.user ?? null, isLoading, error: error as unknown, mutate }
}
