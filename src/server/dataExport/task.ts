import 'server-only'

import { randomBytes } from 'node:crypto'

import { type Zippable, strToU8, zipSync } from 'fflate'
import type { PayloadRequest, TaskConfig } from 'payload'

import type { Locale } from '@/i18n/routing'
import { DATA_EXPORT_HOURS } from '@/lib/privacy'
import type { User } from '@payload-types'

import { inTransaction } from '../db'
import { serverUrl, siteName } from '../env'
import { readStoredFile } from '../fileStorage'
import { queueEmail } from '../mailQueue'
import { serverMessage } from '../serverMessages'

import { collectMemberData } from './collect'

export const DATA_EXPORT_TASK = 'buildDataExport'

/** The privacy page, where the archive is offered (the mail links to it, in the member's language). */
export const privacyPageUrl = (locale: Locale) => `${serverUrl()}/${locale}/profile/privacy`

/**
 * The archive of `user`'s data: a README in their language, the JSON files, and their files as
 * uploaded (already compressed pictures and documents are stored, not compressed again).
 */
const buildArchive = async (req: PayloadRequest, user: User, locale: Locale) => {
  const { json, files } = await collectMemberData({ req, user })
  const entries: Zippable = {
    'README.txt': strToU8(
      serverMessage({
        locale,
        key: 'emails.data-export-readme',
        values: { site: siteName, login: user.username, at: new Date().toISOString() },
      }),
    ),
  }
  for (const [name, value] of Object.entries(json)) {
    entries[name] = strToU8(`${JSON.stringify(value, null, 2)}\n`)
  }
  for (const file of files) {
    const data = await readStoredFile(req.payload, file.slug, file.doc)
    if (data) entries[file.path] = [new Uint8Array(data), { level: 0 }]
  }
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date() }))
}

/**
 * Builds one member's archive (queued by `POST /api/request-data-export`), stores it as the
 * export's file (the disk or the bucket, as every upload), makes its one-time download link and
 * mails the member that it is ready, in one transaction with the mail. An export already built,
 * or gone (the member asked again, or left), is left alone.
 */
export const buildDataExportTask = {
  slug: DATA_EXPORT_TASK,
  label: "Data export: build one member's archive",
  inputSchema: [{ name: 'exportId', type: 'number', required: true }],
  retries: 2,
  handler: async ({ input, req }) => {
    const id = Number(input.exportId)
    const pending = await req.payload.findByID({
      collection: 'data-exports',
      id,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    if (!pending || pending.status !== 'pending') return { output: { built: false } }
    const userId = typeof pending.user === 'object' ? pending.user.id : pending.user
    const user = await req.payload.findByID({
      collection: 'users',
      id: userId,
      depth: 0,
      overrideAccess: true,
      showHiddenFields: true,
      req,
    })
    const locale = pending.locale
    const archive = await buildArchive(req, user, locale)
    await inTransaction(req, async () => {
      const readyAt = new Date()
      await req.payload.update({
        collection: 'data-exports',
        id,
        data: {
          status: 'ready',
          token: randomBytes(32).toString('base64url'),
          readyAt: readyAt.toISOString(),
          expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_HOURS * 3_600_000).toISOString(),
        },
        file: {
          data: archive,
          mimetype: 'application/zip',
          name: `data-export-${id}.zip`,
          size: archive.length,
        },
        overrideAccess: true,
        req,
      })
      await queueEmail({
        req,
        message: {
          to: user.email,
          subject: serverMessage({
            locale,
            key: 'emails.data-export-subject',
            values: { site: siteName },
          }),
          text: serverMessage({
            locale,
            key: 'emails.data-export-body',
            values: { hours: DATA_EXPORT_HOURS, link: privacyPageUrl(locale) },
          }),
        },
      })
    })
    return { output: { built: true, bytes: archive.length } }
  },
} as const satisfies TaskConfig<{ input: { exportId: number }; output: object }>
