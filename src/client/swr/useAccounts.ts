import useSWR from 'swr'

import type { PostBody, PostPath } from '../api'

import { postRead } from './fetcher'

const EMPLOYEES = '/get-all-employers' satisfies PostPath

/**
 * These lists change from other screens (an employee added on /add-employer, a block in another
 * tab): each mount asks again, even right after an earlier visit's request.
 */
const FRESH_LIST = { keepPreviousData: true, dedupingInterval: 0 }

/** One page of the caller's employees (an owner's own; every operator for admins). */
export const useEmployees = (query: PostBody<typeof EMPLOYEES>) =>
  useSWR([EMPLOYEES, query] as const, postRead<typeof EMPLOYEES>, FRESH_LIST)

/** True for the SWR key of any page of the employees list (to forget them all after a change). */
export const isEmployeesKey = (key: unknown) => Array.isArray(key) && key[0] === EMPLOYEES

/** One page of the accounts other than admins', as the admins' users screen filters them. */
export const useUsers = (query: PostBody<'/get-all-users-except-admins'>) =>
  useSWR(
    ['/get-all-users-except-admins', query] as const,
    postRead<'/get-all-users-except-admins'>,
    FRESH_LIST,
  )
