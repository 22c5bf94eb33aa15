import useSWR from 'swr'

import type { ManagedAccountView } from '@/data/views/users'

import { postRead } from './fetcher'

export type AccountPage = {
  users: ManagedAccountView[]
  page: number
  total_pages: number
  total: number
}

/**
 * These lists change from other screens (an employee added on /add-employer, a block in another
 * tab): each mount asks again, even right after an earlier visit's request.
 */
const FRESH_LIST = { keepPreviousData: true, dedupingInterval: 0 }

/** One page of the caller's employees (an owner's own; every operator for admins). */
export const useEmployees = (query: { page: number }) =>
  useSWR(['/get-all-employers', query] as const, postRead<AccountPage>, FRESH_LIST)

/** One page of the accounts other than admins', as the admins' users screen filters them. */
export const useUsers = (query: { page: number; search?: string; role?: string; state?: string }) =>
  useSWR(['/get-all-users-except-admins', query] as const, postRead<AccountPage>, FRESH_LIST)
