import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { tagsOfChange } from '@/server/cacheTags'
import { SigningError, verifySignedList } from '@/server/pgpSigning'
import { expireCacheTags } from '@/server/publicCache'
import { managesResource, relationId } from '@access/resources'
import type { SignedMirrorList, User } from '@payload-types'

import { refuseSigning } from './refuseSigning'

const COLLECTION = 'signed-mirror-lists'

/**
 * The only way a signed list is stored, on every door: by someone who manages the resource (or
 * the server itself), verified against the resource's current key, newer than the latest list
 * stored. The message is kept exactly as it came; its signature's time, the key's fingerprint
 * and the addresses are read from it, never taken from the request. Stored lists never change.
 */
export const verifySignedMirrorList: CollectionBeforeChangeHook<SignedMirrorList> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'create') return { ...data, ...originalDoc }
  const resourceId = relationId(data.resource)
  const user = req.user as User | null
  const resource =
    resourceId === null
      ? null
      : await req.payload.findByID({
          collection: 'resources',
          id: resourceId,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          select: { pgpKey: true, pgpFingerprint: true },
          req,
        })
  const mayWrite =
    resource &&
    (!user || (await managesResource({ payload: req.payload, req, user, resourceId: resource.id })))
  if (!resource || !mayWrite) {
    throw refuseSigning({ req, collection: COLLECTION, path: 'resource', fault: 'forbidden' })
  }
  if (!resource.pgpKey || !resource.pgpFingerprint) {
    throw refuseSigning({ req, collection: COLLECTION, path: 'message', fault: 'list-no-key' })
  }
  const { docs } = await req.payload.find({
    collection: COLLECTION,
    where: { resource: { equals: resource.id } },
    sort: '-signedAt',
    limit: 1,
    depth: 0,
    select: { signedAt: true },
    overrideAccess: true,
    req,
  })
  const latest = docs[0]?.signedAt ? new Date(docs[0].signedAt) : null
  try {
    const { signedAt, addresses } = await verifySignedList({
      message: typeof data.message === 'string' ? data.message : '',
      armoredKey: resource.pgpKey,
      after: latest,
    })
    return {
      ...data,
      resource: resource.id,
      signedAt: signedAt.toISOString(),
      fingerprint: resource.pgpFingerprint,
      addresses,
      addedBy: user?.id ?? null,
    }
  } catch (error) {
    if (!(error instanceof SigningError)) throw error
    throw refuseSigning({ req, collection: COLLECTION, path: 'message', fault: error.fault })
  }
}

/** A new list changes the marks on its resource's page. */
export const expireResourcePageOfList: CollectionAfterChangeHook<SignedMirrorList> = ({
  doc,
  req,
}) => {
  const id = relationId(doc.resource)
  if (id !== null) expireCacheTags({ req, tags: tagsOfChange({ resources: [{ id }] }) })
  return doc
}
