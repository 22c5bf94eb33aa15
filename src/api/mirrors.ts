import { z } from 'zod'

import type { SignedListView } from '@/data/views/signedMirrors'
import { LIMITS } from '@/lib/limits'

import { answer, declareCall } from './call'
import { recordId } from './fields'

/** Where a resource's key stands after a save: in effect, or waiting for an admin. */
export type ResourceKeyState = {
  fingerprint: string | null
  pending_fingerprint: string | null
  pending_since: string | null
}

export const saveResourceKey = declareCall({
  path: '/resource-pgp-key',
  method: 'post',
  auth: 'signedIn',
  summary:
    "Set a resource's PGP public key (its owner or operators): the first at once, a change only after an admin approves it",
  answer: answer<{ key: ResourceKeyState }>(
    '{key: {fingerprint, pending_fingerprint, pending_since}}',
  ),
  body: z.object({
    id: recordId,
    key: z.string().trim().min(1, 'required').max(LIMITS.pgpKeyMax, 'too-long'),
  }),
})

export const addSignedMirrorList = declareCall({
  path: '/signed-mirror-list',
  method: 'post',
  auth: 'signedIn',
  summary:
    "Publish a resource's mirror list clearsigned with its current key (gpg --clearsign), stored exactly as sent",
  answer: answer<{ list: SignedListView }>(
    '{list: {id, message, signed_at, fingerprint, addresses}}',
  ),
  body: z.object({
    id: recordId,
    // Kept as sent, byte for byte: no trimming.
    message: z.string().min(1, 'required').max(LIMITS.signedListMax, 'too-long'),
  }),
})

export const downloadSignedMirrorList = declareCall({
  path: '/signed-mirror-list.asc',
  method: 'get',
  auth: 'anyone',
  summary:
    "A published resource's latest signed mirror list as text/plain, exactly as signed (check it with gpg --verify)",
  answer: answer('text/plain: the clearsigned message'),
  query: z.object({ id: recordId }),
})

export const downloadResourceKey = declareCall({
  path: '/resource-pgp-key.asc',
  method: 'get',
  auth: 'anyone',
  summary: "A published resource's PGP public key (application/pgp-keys)",
  answer: answer('application/pgp-keys: the armored public key'),
  query: z.object({ id: recordId }),
})
