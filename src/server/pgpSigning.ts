import 'server-only'

import { type PublicKey, readCleartextMessage, readKey, verify } from 'openpgp'

import { LIMITS } from '@/lib/limits'
import { parseMirrorAddresses } from '@/lib/mirrorAddresses'

/** Why a key or a signed list is refused; each code is a message `mirrors.errors.<code>`. */
export type SigningFault =
  | 'key-invalid'
  | 'key-private'
  | 'key-unusable'
  | 'list-too-large'
  | 'list-malformed'
  | 'list-other-key'
  | 'list-bad-signature'
  | 'list-future'
  | 'list-replayed'
  | 'list-no-addresses'
  | 'list-bad-address'
  | 'list-no-key'
  | 'list-key-unusable'

export class SigningError extends Error {
  name = 'SigningError'
  constructor(readonly fault: SigningFault) {
    super(fault)
  }
}

/** How far ahead of the server's clock a signature may be dated (clocks drift). */
export const SIGNATURE_SKEW_MS = 5 * 60 * 1000

/**
 * A resource's signing key: a public key (never a private one), neither revoked nor expired
 * now, that can sign. Its fingerprint in lower-case hex.
 */
export const readSigningKey = async ({
  armoredKey,
  now = new Date(),
}: {
  armoredKey: string
  now?: Date
}): Promise<{ key: PublicKey; fingerprint: string; armored: string }> => {
  if (armoredKey.length > LIMITS.pgpKeyMax) throw new SigningError('key-invalid')
  const armored = armoredKey.trim()
  const key = await readKey({ armoredKey: armored }).catch(() => {
    throw new SigningError('key-invalid')
  })
  if (key.isPrivate()) throw new SigningError('key-private')
  await key.verifyPrimaryKey(now).catch(() => {
    throw new SigningError('key-unusable')
  })
  await key.getSigningKey(undefined, now).catch(() => {
    throw new SigningError('key-unusable')
  })
  return { key, fingerprint: key.getFingerprint(), armored: `${armored}\n` }
}

/**
 * A clearsigned list checked against the resource's current key: made by that key (or its
 * signing subkey), its text untouched, the key valid when it signed and now, dated no later than
 * a small skew ahead and after `after` (the latest list stored: no replay of an older one), and
 * naming at least one address. What is stored: the signature's time and the addresses.
 */
export const verifySignedList = async ({
  message,
  armoredKey,
  after,
  now = new Date(),
}: {
  message: string
  armoredKey: string
  after: Date | null
  now?: Date
}): Promise<{ signedAt: Date; addresses: string[] }> => {
  if (message.length > LIMITS.signedListMax) throw new SigningError('list-too-large')
  const cleartext = await readCleartextMessage({ cleartextMessage: message }).catch(() => {
    throw new SigningError('list-malformed')
  })
  const key = await readKey({ armoredKey }).catch(() => {
    throw new SigningError('list-no-key')
  })
  // openpgp accepts a signature made while the key was valid; the site wants it valid now too.
  await key.verifyPrimaryKey(now).catch(() => {
    throw new SigningError('list-key-unusable')
  })
  const ours = new Set(key.getKeyIDs().map((id) => id.toHex()))
  const signers = cleartext.getSigningKeyIDs().map((id) => id.toHex())
  if (!signers.some((id) => ours.has(id))) throw new SigningError('list-other-key')
  // Checked before verifying: openpgp refuses a future signature as merely invalid.
  const { signature: detached } = cleartext as unknown as {
    signature: { packets: { created: Date | null }[] }
  }
  const created = detached.packets[0]?.created
  if (created && created.getTime() > now.getTime() + SIGNATURE_SKEW_MS) {
    throw new SigningError('list-future')
  }
  const result = await verify({
    message: cleartext,
    verificationKeys: key,
    expectSigned: true,
    date: now,
  }).catch(() => {
    throw new SigningError('list-bad-signature')
  })
  const [first] = result.signatures
  const signature = await first.signature.catch(() => {
    throw new SigningError('list-bad-signature')
  })
  await first.verified.catch(() => {
    throw new SigningError('list-bad-signature')
  })
  const signedAt = signature.packets[0]?.created
  if (!signedAt) throw new SigningError('list-bad-signature')
  if (signedAt.getTime() > now.getTime() + SIGNATURE_SKEW_MS) throw new SigningError('list-future')
  if (after && signedAt.getTime() <= after.getTime()) throw new SigningError('list-replayed')
  const addresses = parseMirrorAddresses(String(result.data))
  if (!addresses) throw new SigningError('list-bad-address')
  if (!addresses.length) throw new SigningError('list-no-addresses')
  if (addresses.length > LIMITS.signedListAddressesMax) throw new SigningError('list-too-large')
  return { signedAt, addresses }
}
