import { z } from 'zod'

import {
  BACKUP_CODE_COUNT,
  SECURITY_EVENTS_PAGE_SIZE,
  type SecurityEventKind,
} from '@/lib/accountSecurity'
import type { SessionRow } from '@/server/accountSecurity/sessions'

import { answer, declareCall } from './call'
import { pageFields } from './fields'

/** One live session of the caller's account, as the sessions page shows it. */
export type SessionView = SessionRow

/** One row of the caller's security log. */
export type SecurityEventView = {
  id: number
  kind: SecurityEventKind
  address: string | null
  device: string | null
  detail: string | null
  created_at: string
}

export type BackupCodesView = {
  /** Whether the account has a second factor (backup codes stand in for it). */
  two_factor_on: boolean
  /** Whether a password can confirm a generation (an account that signs in with Google has none). */
  has_password: boolean
  /** Unused codes of the latest generation, and when it was made; null before any generation. */
  codes: { remaining: number; generated_at: string } | null
}

export const getAccountSessions = declareCall({
  path: '/account-sessions',
  method: 'get',
  auth: 'signedIn',
  summary:
    "The caller's live sessions (device, browser, address, first and last seen), their own marked `current`",
  answer: answer<{ sessions: SessionView[] }>(
    '{sessions: [{id, current, browser, os, device_type, device_model, address, first_seen, last_seen, expires_at}]}',
  ),
})

export const endSession = declareCall({
  path: '/end-session',
  method: 'post',
  auth: 'signedIn',
  summary:
    "Signs out one of the caller's other sessions: its token is refused at once on every door",
  answer: answer<{ ended: number }>('{ended}'),
  body: z.object({ session_id: z.string().trim().min(1, 'required').max(100, 'too-long') }),
})

export const endOtherSessions = declareCall({
  path: '/end-other-sessions',
  method: 'post',
  auth: 'signedIn',
  summary: "Signs out every session of the caller's account but the one making the call",
  answer: answer<{ ended: number }>('{ended}'),
})

export const getSecurityEvents = declareCall({
  path: '/get-security-events',
  method: 'get',
  auth: 'signedIn',
  summary: `The caller's security log, newest first, ${SECURITY_EVENTS_PAGE_SIZE} a page`,
  answer: answer<{ events: SecurityEventView[]; page: number; total_pages: number; total: number }>(
    '{events: [{id, kind, address, device, detail, created_at}], page, total_pages, total}',
  ),
  query: z.object({ page: pageFields.page }),
})

export const getBackupCodes = declareCall({
  path: '/get-backup-codes',
  method: 'get',
  auth: 'signedIn',
  summary: 'Whether the caller may have backup codes, and how many unused ones they have',
  answer: answer<BackupCodesView>(
    '{two_factor_on, has_password, codes: {remaining, generated_at} | null}',
  ),
})

export const generateBackupCodes = declareCall({
  path: '/generate-backup-codes',
  method: 'post',
  auth: 'signedIn',
  summary: `Makes ${BACKUP_CODE_COUNT} new single-use backup codes (voiding the old ones), shown this once; asks the current password; only with a second factor on`,
  answer: answer<{ codes: string[] }>('{codes}'),
  body: z.object({ current_password: z.string().min(1, 'required') }),
})
