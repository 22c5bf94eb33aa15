import 'server-only'

import type { PayloadRequest } from 'payload'

import { type DataExportState, DATA_EXPORT_STALE_MINUTES } from '@/lib/privacy'
import type { DataExport } from '@payload-types'

/** A member's latest data archive, as the privacy page shows it. */
export type DataExportView = {
  state: DataExportState
  requested_at: string
  ready_at: string | null
  expires_at: string | null
  downloaded_at: string | null
  /** The archive's bytes, once built. */
  size: number | null
  /** The one-time link, while it works (ready, not downloaded, not expired). */
  download_url: string | null
}

const stateOf = (doc: DataExport, now: number): DataExportState => {
  if (doc.downloadedAt) return 'downloaded'
  if (doc.status === 'ready') {
    return doc.expiresAt && Date.parse(doc.expiresAt) > now ? 'ready' : 'expired'
  }
  const stale = now - Date.parse(doc.createdAt) > DATA_EXPORT_STALE_MINUTES * 60_000
  return stale ? 'failed' : 'pending'
}

export const dataExportView = (doc: DataExport, now = Date.now()): DataExportView => {
  const state = stateOf(doc, now)
  return {
    state,
    requested_at: doc.createdAt,
    ready_at: doc.readyAt ?? null,
    expires_at: doc.expiresAt ?? null,
    downloaded_at: doc.downloadedAt ?? null,
    size: doc.filesize ?? null,
    download_url:
      state === 'ready' && doc.token
        ? `/api/download-data-export?token=${encodeURIComponent(doc.token)}`
        : null,
  }
}

/** The member's latest archive, read past access (no door of Payload's reads archives). */
export const latestDataExport = async (req: PayloadRequest, userId: number) =>
  (
    await req.payload.find({
      collection: 'data-exports',
      where: { user: { equals: userId } },
      sort: '-createdAt',
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
  ).docs[0] ?? null
