import useSWR from 'swr'

import { type GetAnswer, apiPath } from '../api'

export const SAVED_REPLIES_PATH = apiPath('/get-saved-replies')

/** Support's saved replies (those who answer only: ask only when `isWanted`). */
export const useSavedReplies = (isWanted = true) => {
  const { data, error, isLoading } = useSWR<GetAnswer<'/get-saved-replies'>>(
    isWanted ? SAVED_REPLIES_PATH : null,
  )
  return { replies: data?.replies ?? [], isLoading, error: error as unknown }
}
