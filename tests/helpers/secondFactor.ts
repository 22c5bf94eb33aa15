import { spawnSync } from 'node:child_process'

import * as openpgp from 'openpgp'

/** A code from an independent RFC 6238 generator (Debian's oathtool), `offsetSeconds` from now. */
export const oathtoolCode = ({
  secret,
  offsetSeconds = 0,
}: {
  secret: string
  offsetSeconds?: number
}) => {
  const at = new Date(Date.now() + offsetSeconds * 1000)
  const when = at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
  const result = spawnSync('oathtool', ['--totp', '-b', '-N', when, secret], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`oathtool failed: ${result.stderr}`)
  return result.stdout.trim()
}

/** A throw-away PGP key pair for the user's side of a test. */
export const generatePgpKeyPair = async (email: string) => {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name: 'Test Member', email }],
    format: 'armored',
  })
  return { privateKey, publicKey }
}

/** Decrypts a challenge as the user would and takes the code from its last line. */
export const decryptChallenge = async ({
  message,
  privateKey,
}: {
  message: string
  privateKey: string
}) => {
  const { data } = await openpgp.decrypt({
    message: await openpgp.readMessage({ armoredMessage: message }),
    decryptionKeys: await openpgp.readPrivateKey({ armoredKey: privateKey }),
  })
  const lines = String(data).trim().split('\n')
  return { text: String(data), code: lines.at(-1)?.trim() ?? '' }
}
