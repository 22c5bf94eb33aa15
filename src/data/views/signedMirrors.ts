import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { normalizeAddress } from '@/lib/mirrorAddresses'

/** A resource's latest signed list as the site shows and serves it. */
export type SignedListView = {
  id: number
  message: string
  signed_at: string
  fingerprint: string
  addresses: string[]
}

/** A published resource's key and latest signed list (null when it has none), for visitors. */
export type PublicSigning = {
  slug: string
  pgp_key: string | null
  fingerprint: string | null
  list: SignedListView | null
}

/**
 * The key and latest list of a published resource (null for a missing or unpublished one): what
 * visitors may download and what marks its addresses.
 */
export const findPublicSigning = async ({
  payload,
  req,
  resourceId,
}: {
  payload: Payload
  req?: PayloadRequest
  resourceId: number
}): Promise<PublicSigning | null> => {
  const { docs } = await payload.find({
    collection: 'resources',
    where: { id: { equals: resourceId }, status: { equals: 'published' } },
    select: { slug: true, pgpKey: true, pgpFingerprint: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const resource = docs[0]
  if (!resource) return null
  return {
    slug: resource.slug ?? String(resource.id),
    pgp_key: resource.pgpKey ?? null,
    fingerprint: resource.pgpFingerprint ?? null,
    list: await findLatestList({ payload, req, resourceId }),
  }
}

/** The newest list of a resource, whatever its status (its managers see their own). */
export const findLatestList = async ({
  payload,
  req,
  resourceId,
}: {
  payload: Payload
  req?: PayloadRequest
  resourceId: number
}): Promise<SignedListView | null> => {
  const { docs } = await payload.find({
    collection: 'signed-mirror-lists',
    where: { resource: { equals: resourceId } },
    sort: '-signedAt',
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const list = docs[0]
  return list ? signedListView(list) : null
}

/** A stored list as visitors see it; none before it is signed. */
export const signedListView = (list: {
  id: number
  message: string
  signedAt?: string | null
  fingerprint?: string | null
  addresses?: unknown
}): SignedListView | null =>
  list.signedAt
    ? {
        id: list.id,
        message: list.message,
        signed_at: new Date(list.signedAt).toISOString(),
        fingerprint: list.fingerprint ?? '',
        addresses: Array.isArray(list.addresses) ? list.addresses.map(String) : [],
      }
    : null

/** How an address of the resource stands towards the latest list: no mark without a list. */
export const signingMark = (
  url: string,
  list: Pick<SignedListView, 'addresses'> | null,
): 'signed' | 'unsigned' | null => {
  if (!list) return null
  const normalized = normalizeAddress(url)
  return list.addresses.some((address) => normalizeAddress(address) === normalized)
    ? 'signed'
    : 'unsigned'
}
