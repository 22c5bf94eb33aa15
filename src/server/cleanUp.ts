import 'server-only'

import type { Payload, TaskConfig } from 'payload'

import { RETENTION } from '@/lib/retention'

import { deleteSpentDataExports } from './dataExport/retention'
import { forgetOldRecords } from './retention'
import { deleteOldSessionDetails } from './sql/accountSecurity'
import {
  deleteDeadChallenges,
  deleteExpiredRateLimits,
  deleteExpiredSessions,
  deleteFinishedJobs,
  releaseLapsedClaims,
} from './sql/cleanUp'
import { deleteOldLinkChecks } from './sql/linkChecks'
import { deleteOldRateHistory } from './sql/rateCycle'

/** How long the jobs queue keeps what it is done with (src/server/sql/cleanUp.ts). */
export const JOB_RETENTION = {
  completedDays: RETENTION.finishedJobs,
  failedDays: RETENTION.failedJobs,
  staleClaimMinutes: 15,
} as const

/** How long the details of an ended session are kept (they tell a browser seen before). */
export const SESSION_DETAILS_DAYS = RETENTION.sessionDetails

export const CLEAN_UP_TASKS = {
  sessions: 'forgetExpiredSessions',
  rateLimits: 'forgetExpiredRateLimits',
  challenges: 'forgetDeadChallenges',
  jobs: 'forgetFinishedJobs',
  linkChecks: 'forgetOldLinkChecks',
  dataExports: 'forgetSpentDataExports',
  records: 'forgetOldRecords',
  rateHistory: 'forgetOldRateHistory',
} as const

/**
 * A clean-up: idempotent statements, on an hourly schedule of their own in the default queue
 * (Payload's scheduler queues one job of a task at a time, and a second run finds nothing left),
 * each at its own minute so that they do not start together.
 */
const cleanUp = <Slug extends string>({
  slug,
  label,
  minute,
  run,
}: {
  slug: Slug
  label: string
  minute: number
  run: (payload: Payload) => Promise<Record<string, number | number[]>>
}) =>
  ({
    slug,
    label,
    retries: 2,
    schedule: [{ cron: `0 ${minute} * * * *`, queue: 'default' }],
    handler: async ({ req }) => ({ output: await run(req.payload) }),
  }) satisfies TaskConfig<{ input: object; output: object }>

export const cleanUpTasks = [
  cleanUp({
    slug: CLEAN_UP_TASKS.sessions,
    label: 'Clean-up: expired sessions',
    minute: 7,
    run: async (payload) => ({
      deleted: await deleteExpiredSessions(payload),
      // What the sessions page knew of sessions ended long ago (src/server/accountSecurity).
      detailsDeleted: await deleteOldSessionDetails(payload, { days: SESSION_DETAILS_DAYS }),
    }),
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.rateLimits,
    label: 'Clean-up: expired rate limits',
    minute: 17,
    run: async (payload) => ({ deleted: await deleteExpiredRateLimits(payload) }),
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.challenges,
    label: 'Clean-up: spent and expired codes',
    minute: 27,
    run: async (payload) => ({ deleted: await deleteDeadChallenges(payload) }),
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.jobs,
    label: 'Clean-up: finished and abandoned jobs',
    minute: 37,
    run: async (payload) => ({
      released: await releaseLapsedClaims(payload, {
        seconds: JOB_RETENTION.staleClaimMinutes * 60,
      }),
      deleted: await deleteFinishedJobs(payload, JOB_RETENTION),
    }),
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.linkChecks,
    label: 'Clean-up: old link checks',
    minute: 47,
    run: async (payload) => ({ deleted: await deleteOldLinkChecks(payload) }),
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.dataExports,
    label: 'Clean-up: downloaded, expired and abandoned data archives',
    minute: 57,
    run: async (payload) => ({ deleted: await deleteSpentDataExports(payload) }),
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.records,
    label:
      'Clean-up: records past their period (security log, contact messages, reviews, analytics)',
    minute: 52,
    run: forgetOldRecords,
  }),
  cleanUp({
    slug: CLEAN_UP_TASKS.rateHistory,
    label: 'Clean-up: exchangers’ rates history older than 90 days',
    minute: 42,
    run: async (payload) => ({ deleted: await deleteOldRateHistory(payload) }),
  }),
]
