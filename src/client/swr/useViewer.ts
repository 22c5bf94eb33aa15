import useSWR from 'swr'

import { type GetAnswer, apiPath } from '../api'

/** Payload's own "who am I": the signed-in account, or `{user: null}` (200) for a guest. */
export const VIEWER_PATH = apiPath('/users/me', { depth: 0 })

/**
 * Who is looking at a page that is the same for every visitor (the header, the directory pages).
 * `viewer` is null for a guest and while loading; `isLoading` tells the two apart. A failed
 * answer (a 503 while the database is away) tells nothing: the last known viewer stays, or it
 * counts as still loading while SWR asks again, never as a guest. It is asked again whenever the
 * tab comes back into focus, so a tab left open learns of a block (402: the client's fetch tells
 * BlockedSignOut, which signs the tab out) or of a session ended elsewhere.
 */
export const useViewer = () => {
  const { data, error, isLoading } = useSWR<GetAnswer<'/users/me'>>(VIEWER_PATH, {
    revalidateOnFocus: true,
  })
  return { viewer: data?.user ?? null, isLoading: isLoading || (!data && Boolean(error)) }
}
