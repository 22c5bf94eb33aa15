// SWR convention: the key of a GET read is its address under /api, made by `apiPath` from a
// declared call and its query (`apiPath('/users/me', { depth: 0 })`), fetched by `fetcher`; the
// hook types its data by the call (`GetAnswer<'/users/me'>`). A read made by POST (the spec's
// list calls) is keyed `[path, body]` and fetched by `postRead`. Hooks live in src/client/swr/,
// one per need, and return `{ <data-name>, isLoading, error }`. A writer calls `mutate(<that key>)`
// after a successful write so every reader refetches.
import {
  ApiError,
  type ApiErrorBody,
  type PostAnswer,
  type PostBody,
  type PostPath,
  apiPost,
  getAddress,
} from '../api'

/** The SWR fetcher: a key is an address `apiPath` made; a non-OK answer rejects with an ApiError. */
export const fetcher = (address: string) => getAddress(address)

/** A read made by POST: the answer, or an ApiError to SWR. */
export const postRead = async <P extends PostPath>([path, body]: readonly [P, PostBody<P>]) => {
  const answer = await apiPost(path, body as never)
  if (!answer.ok)
    throw new ApiError({ status: answer.status, body: answer.data as ApiErrorBody, path })
  return answer.data as PostAnswer<P>
}
