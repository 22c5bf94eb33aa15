import { randomInt } from 'node:crypto'

import { createMessage, encrypt, type PublicKey, readKey } from 'openpgp'

export class PgpKeyError extends Error {
  name = 'PgpKeyError'
}

/** A well-formed public key that can encrypt now; private and sign-only keys are refused. */
export const readEncryptionKey = async ({
  armoredKey,
}: {
  armoredKey: string
}): Promise<{ fingerprint: string; key: PublicKey }> => {
  const key = await readKey({ armoredKey: armoredKey.trim() }).catch(() => {
    throw new PgpKeyError('Malformed key')
  })
  if (key.isPrivate()) throw new PgpKeyError('A private key')
  await key.getEncryptionKey().catch(() => {
    throw new PgpKeyError('No usable encryption key')
  })
  return { fingerprint: key.getFingerprint(), key }
}

// No 0/O or 1/I: the code is read off a decrypted message and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

const randomCode = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/** What the user sees after decrypting: the site, the time, and the code alone on the last line. */
export const challengeText = ({
  siteName,
  now,
  code,
}: {
  siteName: string
  now: Date
  code: string
}): string =>
  [
    `${siteName} sign-in code`,
    `Requested at ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    'If you did not ask for it, ignore this message.',
    code,
  ].join('\n')

/** `now` only dates the text; the key's validity is always judged by the real clock. */
export const createChallenge = async ({
  armoredKey,
  siteName,
  now = new Date(),
  codeLength = 8,
}: {
  armoredKey: string
  siteName: string
  now?: Date
  codeLength?: number
}): Promise<{ code: string; message: string }> => {
  const { key } = await readEncryptionKey({ armoredKey })
  const code = randomCode(codeLength)
  const message = await encrypt({
    message: await createMessage({ text: challengeText({ siteName, now, code }) }),
    encryptionKeys: key,
  })
  return { code, message }
}
