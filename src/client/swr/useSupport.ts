import useSWR from 'swr'

import type { PostBody } from '../api'

import { postRead } from './fetcher'

/** One page of the viewer's tickets, or of the support queue (`queue`, admins). */
export const useTickets = (query: PostBody<'/get-tickets'>) =>
  useSWR(['/get-tickets', query] as const, postRead<'/get-tickets'>, { keepPreviousData: true })

/** A ticket with its thread; reading it marks support's answer read for its author. */
export const useTicket = (id: number) =>
  useSWR(['/get-ticket-by-id', { id }] as const, postRead<'/get-ticket-by-id'>)

/** One page of the viewer's verification requests, or of the moderation queue (`queue`, admins). */
export const useVerificationRequests = ({
  queue,
  ...query
}: PostBody<'/get-all-requests'> & { queue?: boolean }) =>
  useSWR(
    [queue ? '/get-all-requests' : '/get-my-requests', query] as const,
    postRead<'/get-all-requests' | '/get-my-requests'>,
    { keepPreviousData: true },
  )
