import useSWR from 'swr'

import type { TicketPage, TicketView, VerificationRequestPage } from '@/data/views/support'

import { postRead } from './fetcher'

/** One page of the viewer's tickets, or of the support queue (`queue`, admins). */
export const useTickets = (query: { page: number; status?: string; queue?: boolean }) =>
  useSWR(['/get-tickets', query] as const, postRead<TicketPage>, { keepPreviousData: true })

/** A ticket with its thread; reading it marks support's answer read for its author. */
export const useTicket = (id: number) =>
  useSWR(['/get-ticket-by-id', { id }] as const, postRead<{ ticket: TicketView }>)

/** One page of the viewer's verification requests, or of the moderation queue (`queue`, admins). */
export const useVerificationRequests = ({
  queue,
  ...query
}: {
  page: number
  status?: string
  type?: string
  queue?: boolean
}) =>
  useSWR(
    [queue ? '/get-all-requests' : '/get-my-requests', query] as const,
    postRead<VerificationRequestPage>,
    { keepPreviousData: true },
  )
