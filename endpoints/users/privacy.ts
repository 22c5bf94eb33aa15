import * as calls from '@/api/privacy'
import { dataExportView, latestDataExport } from '@/data/views/privacy'
import { DATA_EXPORT_TASK } from '@/server/dataExport/task'
import { inTransaction } from '@/server/db'
import { readStoredFile } from '@/server/fileStorage'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale } from '@/server/serverMessages'
import { spendDataExportLink } from '@/server/sql/dataExports'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/**
 * POST /request-data-export → {export} (signed in): the caller's archive, queued for the jobs
 * queue to build (src/server/dataExport/task.ts). While one is being built it is answered again;
 * otherwise a new one replaces the previous archive and its file, up to `dataExportPerUser` a day.
 */
export const requestDataExport = defineEndpoint(calls.requestDataExport, {
  handler: async ({ req, user, reply }) => {
    const latest = await latestDataExport(req, user.id)
    if (latest && dataExportView(latest).state === 'pending') {
      return reply({ export: dataExportView(latest) })
    }
    if (!(await consumeAttempt({ req, limit: 'dataExportPerUser', key: `user:${user.id}` }))) {
      return fail({ req, status: 429, code: 'data-export-too-many' })
    }
    const created = await inTransaction(req, async () => {
      await req.payload.delete({
        collection: 'data-exports',
        where: { user: { equals: user.id } },
        depth: 0,
        overrideAccess: true,
        req,
      })
      const pending = await req.payload.create({
        collection: 'data-exports',
        data: { user: user.id, status: 'pending', locale: messageLocale(req) },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await req.payload.jobs.queue({ task: DATA_EXPORT_TASK, input: { exportId: pending.id }, req })
      return pending
    })
    return reply({ export: dataExportView(created) })
  },
})

/** GET /get-data-export → {export} (signed in): the caller's latest archive, or null. */
export const getDataExport = defineEndpoint(calls.getDataExport, {
  handler: async ({ req, user, reply }) => {
    const latest = await latestDataExport(req, user.id)
    return reply({ export: latest ? dataExportView(latest) : null })
  },
})

/**
 * GET /download-data-export?token=… (signed in): the archive itself, once: the link is spent as
 * the answer starts (src/server/sql/dataExports.ts). Another member's link, a spent or expired one,
 * and a made-up one are all the same 404.
 */
export const downloadDataExport = defineEndpoint(calls.downloadDataExport, {
  handler: async ({ req, user, query }) => {
    const gone = () => fail({ req, status: 404, code: 'data-export-not-found' })
    const id = await inTransaction(req, () =>
      spendDataExportLink({ payload: req.payload, req, userId: user.id, token: query.token }),
    )
    if (id === null) return gone()
    const doc = await req.payload.findByID({
      collection: 'data-exports',
      id,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const archive = await readStoredFile(req.payload, 'data-exports', doc)
    if (!archive) return gone()
    const day = (doc.readyAt ?? doc.createdAt).slice(0, 10)
    return new Response(new Uint8Array(archive), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(archive.length),
        'Content-Disposition': `attachment; filename="obzor-data-${user.id}-${day}.zip"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  },
})

export const privacyEndpoints = [requestDataExport, getDataExport, downloadDataExport]
