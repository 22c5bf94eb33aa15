import type { PayloadRequest } from 'payload'

import * as calls from '@/api/mirrors'
import { findLatestList, findPublicSigning } from '@/data/views/signedMirrors'
import { managesResource } from '@access/resources'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/** Downloads change only when a list or key does; a minute keeps a busy page's clicks cheap. */
const DOWNLOAD_CACHE = 'public, max-age=60'

/** Sends text as a file, exactly as stored. */
const file = ({ body, type, name }: { body: string; type: string; name: string }) =>
  new Response(body, {
    headers: {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': DOWNLOAD_CACHE,
      'X-Content-Type-Options': 'nosniff',
    },
  })

/** The caller manages the resource (404 when they may not even see it, 403 when only see it). */
const mayManage = async ({ req, id }: { req: PayloadRequest; id: number }) => {
  const user = req.user
  const visible = await req.payload.findByID({
    collection: 'resources',
    id,
    depth: 0,
    select: { slug: true },
    user,
    overrideAccess: false,
    disableErrors: true,
    req,
  })
  if (!visible) return fail({ req, status: 404, code: 'resource-not-found' })
  if (!user || !(await managesResource({ payload: req.payload, req, user, resourceId: id }))) {
    return fail({ req, status: 403, code: 'forbidden' })
  }
  return null
}

/** POST /resource-pgp-key {id, key}: the collection's hook decides (first key, or pending). */
const saveResourceKey = defineEndpoint(calls.saveResourceKey, {
  fieldNames: { pgpKey: 'key' },
  handler: async ({ req, user, body, reply }) => {
    const refused = await mayManage({ req, id: body.id })
    if (refused) return refused
    const saved = await req.payload.update({
      collection: 'resources',
      id: body.id,
      data: { pgpKey: body.key },
      depth: 0,
      user,
      overrideAccess: false,
      req,
    })
    return reply({
      key: {
        fingerprint: saved.pgpFingerprint ?? null,
        pending_fingerprint: saved.pendingPgpFingerprint ?? null,
        pending_since: saved.pendingPgpKeyAt ?? null,
      },
    })
  },
})

/** POST /signed-mirror-list {id, message}: verified and stored by the collection's hook. */
const addSignedMirrorList = defineEndpoint(calls.addSignedMirrorList, {
  handler: async ({ req, user, body, reply }) => {
    const refused = await mayManage({ req, id: body.id })
    if (refused) return refused
    await req.payload.create({
      collection: 'signed-mirror-lists',
      data: { resource: body.id, message: body.message },
      depth: 0,
      user,
      overrideAccess: false,
      req,
    })
    const list = await findLatestList({ payload: req.payload, req, resourceId: body.id })
    return list ? reply({ list }) : fail({ req, status: 500, code: 'unexpected-error' })
  },
})

const downloadSignedMirrorList = defineEndpoint(calls.downloadSignedMirrorList, {
  handler: async ({ req, query }) => {
    const signing = await findPublicSigning({ payload: req.payload, req, resourceId: query.id })
    if (!signing?.list) return fail({ req, status: 404, code: 'resource-not-found' })
    return file({
      body: signing.list.message,
      type: 'text/plain',
      name: `${signing.slug}-mirrors.txt.asc`,
    })
  },
})

const downloadResourceKey = defineEndpoint(calls.downloadResourceKey, {
  handler: async ({ req, query }) => {
    const signing = await findPublicSigning({ payload: req.payload, req, resourceId: query.id })
    if (!signing?.pgp_key) return fail({ req, status: 404, code: 'resource-not-found' })
    return file({
      body: signing.pgp_key,
      type: 'application/pgp-keys',
      name: `${signing.slug}-key.asc`,
    })
  },
})

export const mirrorEndpoints = [
  saveResourceKey,
  addSignedMirrorList,
  downloadSignedMirrorList,
  downloadResourceKey,
]
