import type { CollectionBeforeChangeHook } from 'payload'

import { canDecidePgpKeys } from '@/lib/roles'
import { readSigningKey, SigningError } from '@/server/pgpSigning'
import type { Resource } from '@payload-types'

import { refuseSigning } from './refuseSigning'

const EMPTY_PENDING = { pendingPgpKey: null, pendingPgpFingerprint: null, pendingPgpKeyAt: null }

/**
 * A resource's PGP key, on every door: a valid signing public key or a refusal that changes
 * nothing. The first key takes effect at once; a change made by anyone but an admin waits as the
 * pending key until an admin approves it (`pgpKeyDecision`), so a stolen owner account cannot
 * swap the key visitors check mirrors with. Admins (canDecidePgpKeys) set, replace or remove the
 * key directly.
 */
export const guardResourcePgpKey: CollectionBeforeChangeHook<Resource> = async ({
  data,
  originalDoc,
  req,
}) => {
  const decides = canDecidePgpKeys(req.user)
  const decision = (data as { pgpKeyDecision?: string | null }).pgpKeyDecision
  delete (data as { pgpKeyDecision?: unknown }).pgpKeyDecision
  const current = originalDoc?.pgpKey ?? null
  if (decision && decides) {
    if (!originalDoc?.pendingPgpKey) {
      throw refuseSigning({
        req,
        collection: 'resources',
        path: 'pgpKeyDecision',
        fault: 'key-decision-nothing',
      })
    }
    if (decision === 'approve') {
      const { armored, fingerprint } = await checked(req, originalDoc.pendingPgpKey)
      return { ...data, pgpKey: armored, pgpFingerprint: fingerprint, ...EMPTY_PENDING }
    }
    return { ...data, pgpKey: current, ...EMPTY_PENDING }
  }
  const given = typeof data.pgpKey === 'string' ? data.pgpKey.trim() : data.pgpKey
  if (given === undefined || (given ?? null) === (current?.trim() ?? null)) {
    return { ...data, pgpKey: current }
  }
  if (!given) {
    if (!decides) {
      throw refuseSigning({
        req,
        collection: 'resources',
        path: 'pgpKey',
        fault: 'key-change-admin',
      })
    }
    return { ...data, pgpKey: null, pgpFingerprint: null }
  }
  const { armored, fingerprint } = await checked(req, given)
  if (!current || decides) {
    return { ...data, pgpKey: armored, pgpFingerprint: fingerprint, ...EMPTY_PENDING }
  }
  return {
    ...data,
    pgpKey: current,
    pendingPgpKey: armored,
    pendingPgpFingerprint: fingerprint,
    pendingPgpKeyAt: new Date().toISOString(),
  }
}

const checked = async (req: Parameters<CollectionBeforeChangeHook>[0]['req'], key: string) => {
  try {
    return await readSigningKey({ armoredKey: key })
  } catch (error) {
    if (!(error instanceof SigningError)) throw error
    throw refuseSigning({ req, collection: 'resources', path: 'pgpKey', fault: error.fault })
  }
}
