import useSWR, { useSWRConfig } from 'swr'

import type { PostBody } from '../api'

import { postRead } from './fetcher'

const PATH = '/get-contact-messages'

/** One page of the contact form's messages, unprocessed or processed (admins). */
export const useContactMessages = (query: PostBody<typeof PATH>) =>
  useSWR([PATH, query] as const, postRead<typeof PATH>, { keepPreviousData: true })

/** Refetches every page of both tabs (a message moved from one to the other). */
export const useRefreshContactMessages = () => {
  const { mutate } = useSWRConfig()
  return () => mutate((key) => Array.isArray(key) && key[0] === PATH)
}
