import useSWR from 'swr'

import type { UserView } from '@/data/views/users'

export const CURRENT_USER_PATH = '/get-user-by-id'

/**
 * The signed-in account. `fallback` is what the page's server render already knows; writers call
 * `mutate` (or `mutate({ user }, { revalidate: false })`) after a change.
 */
export const useCurrentUser = ({ fallback }: { fallback?: UserView } = {}) => {
  const { data, error, isLoading, mutate } = useSWR<{ user: UserView }>(CURRENT_USER_PATH, {
    fallbackData: fallback && { user: fallback },
  })
  return { user: data?.user ?? null, isLoading, error: error as unknown, mutate }
}
