'use client'

import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'

import { ApiError } from '../api'

import { fetcher } from './fetcher'

/** A 4xx will not change by asking again; network and server failures are retried. */
const isRetryable = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500)

export function SWRProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: isRetryable }}>
      {children}
    </SWRConfig>
  )
}
