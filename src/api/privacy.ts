import { z } from 'zod'

import type { DataExportView } from '@/data/views/privacy'
import { DATA_EXPORT_HOURS } from '@/lib/privacy'

import { answer, declareCall } from './call'

export const requestDataExport = declareCall({
  path: '/request-data-export',
  method: 'post',
  auth: 'signedIn',
  summary: `Ask for an archive (ZIP) of everything the site holds about the caller: JSON files and their files as uploaded, built by the jobs queue within minutes; the member is mailed when it is ready, and may download it once within ${DATA_EXPORT_HOURS} hours (GET /download-data-export). While one is being built, the same one is answered; a new one replaces the previous archive`,
  answer: answer<{ export: DataExportView }>(
    '{export: {state, requested_at, ready_at, expires_at, downloaded_at, size, download_url}}',
  ),
  body: z.object({}),
})

export const getDataExport = declareCall({
  path: '/get-data-export',
  method: 'get',
  auth: 'signedIn',
  summary:
    "The caller's latest data archive and where it stands (pending, ready, downloaded, expired, failed), or null",
  answer: answer<{ export: DataExportView | null }>('{export}'),
})

export const downloadDataExport = declareCall({
  path: '/download-data-export',
  method: 'get',
  auth: 'signedIn',
  summary:
    "The caller's data archive (application/zip), by the one-time link of /get-data-export: once, within its day, to its member only; 404 otherwise",
  answer: answer('(application/zip)'),
  query: z.object({
    token: z.string({ message: 'required' }).min(1, 'required').max(100, 'too-long'),
  }),
})

export const deleteAccount = declareCall({
  path: '/delete-account',
  method: 'post',
  auth: 'signedIn',
  summary:
    "Deletes the caller's account for good, as the privacy page lists: asks the password again (an account that signs in with Google types its login instead) and, where the account has one, the second factor's `code` (the authenticator's, the decrypted message of POST /get-message-pgp-confirm, or a backup code with `backup_code: true`). Every session ends; 409 while the caller owns resources or employs anyone, and for an admin",
  answer: answer<{ deleted: true }>('{deleted: true}'),
  body: z.object({
    password: z.string().max(1000, 'too-long').optional(),
    confirm_login: z.string().trim().max(100, 'too-long').optional(),
    code: z.string().trim().max(100, 'too-long').optional(),
    backup_code: z.boolean().optional(),
  }),
})
