// SWR convention: the key is the REST path under /api (e.g. `/users/me`), fetched by `fetcher`.
// Hooks live in src/client/swr/, one per need, and return `{ <data-name>, isLoading, error }`.
// A writer calls `mutate(<that path>)` after a successful write so every reader refetches.
import { apiGet } from '../api'

/** The SWR fetcher: a key is a REST path, and a non-OK answer rejects with an ApiError. */
export const fetcher = <T>(path: string): Promise<T> => apiGet<T>(path)
