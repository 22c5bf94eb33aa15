import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  challengeText,
  createChallenge,
  PgpKeyError,
  readEncryptionKey,
} from '@endpoints/auth/lib/pgp'
import { codeHash, codeMatches } from '@endpoints/lib/challenges'

const SITE = 'Obzor'

// GnuPG stands in for the user: it makes the keys and decrypts what the site encrypts.
const home = mkdtempSync(path.join(tmpdir(), 'pgp-spec-'))
chmodSync(home, 0o700)

const gpg = (args: string[]) =>
  execFileSync('gpg', ['--batch', '--pinentry-mode', 'loopback', '--passphrase', '', ...args], {
    env: { ...process.env, GNUPGHOME: home },
    encoding: 'utf8',
    stdio: 'pipe',
  })

const fingerprintOf = (email: string) =>
  gpg(['--with-colons', '--list-keys', email])
    .split('\n')
    .find((line) => line.startsWith('fpr:'))
    ?.split(':')[9] ?? ''

// A faked clock lets GnuPG make keys that have already expired.
type KeyOptions = { algorithm: string; expire?: string; at?: string[] }

const makeKey = ({
  email,
  algorithm,
  expire = 'never',
  at = [],
}: KeyOptions & { email: string }) => {
  gpg([...at, '--quick-gen-key', `Test User <${email}>`, algorithm, 'cert,sign', expire])
  return fingerprintOf(email)
}

const addEncryptionSubkey = ({
  fingerprint,
  algorithm,
  expire = 'never',
  at = [],
}: KeyOptions & { fingerprint: string }) =>
  gpg([...at, '--quick-add-key', fingerprint, algorithm, 'encr', expire])

const exportPublic = (email: string) => gpg(['--armor', '--export', email])

const decrypt = (message: string) => {
  const file = path.join(home, `${randomUUID()}.asc`)
  writeFileSync(file, message)
  return gpg(['--decrypt', file])
}

const keys = { cv25519: '', rsa: '', signOnly: '', expired: '', revoked: '', secret: '' }
const fingerprints = { cv25519: '' }

beforeAll(() => {
  fingerprints.cv25519 = makeKey({ email: 'cv@example.com', algorithm: 'ed25519' })
  addEncryptionSubkey({ fingerprint: fingerprints.cv25519, algorithm: 'cv25519' })

  const rsa = makeKey({ email: 'rsa@example.com', algorithm: 'rsa2048' })
  addEncryptionSubkey({ fingerprint: rsa, algorithm: 'rsa2048' })

  makeKey({ email: 'sign@example.com', algorithm: 'ed25519' })

  const past = { expire: '1d', at: ['--faked-system-time', '20200101T000000'] }
  const expired = makeKey({ email: 'old@example.com', algorithm: 'ed25519', ...past })
  addEncryptionSubkey({ fingerprint: expired, algorithm: 'cv25519', ...past })

  const revoked = makeKey({ email: 'gone@example.com', algorithm: 'ed25519' })
  addEncryptionSubkey({ fingerprint: revoked, algorithm: 'cv25519' })
  // GnuPG guards its stored revocation certificate with a leading colon.
  const certificate = path.join(home, 'openpgp-revocs.d', `${revoked}.rev`)
  writeFileSync(certificate, readFileSync(certificate, 'utf8').replace(/^:-----/m, '-----'))
  gpg(['--import', certificate])

  keys.cv25519 = exportPublic('cv@example.com')
  keys.rsa = exportPublic('rsa@example.com')
  keys.signOnly = exportPublic('sign@example.com')
  keys.expired = exportPublic('old@example.com')
  keys.revoked = exportPublic('gone@example.com')
  keys.secret = gpg(['--armor', '--export-secret-keys', 'cv@example.com'])
})

afterAll(() => {
  execFileSync('gpgconf', ['--kill', 'gpg-agent'], { env: { ...process.env, GNUPGHOME: home } })
  rmSync(home, { recursive: true, force: true })
})

describe('readEncryptionKey', () => {
  it('should accept a GnuPG public key with an encryption subkey', async () => {
    const { fingerprint } = await readEncryptionKey({ armoredKey: keys.cv25519 })
    expect(fingerprint.toUpperCase()).toBe(fingerprints.cv25519)
  })

  it('should accept a key surrounded by blank lines', async () => {
    const { fingerprint } = await readEncryptionKey({ armoredKey: `\n\n${keys.cv25519}\n\n` })
    expect(fingerprint.toUpperCase()).toBe(fingerprints.cv25519)
  })

  it('should refuse a sign-only key', async () => {
    await expect(readEncryptionKey({ armoredKey: keys.signOnly })).rejects.toThrow(PgpKeyError)
  })

  it('should refuse an expired key', async () => {
    await expect(readEncryptionKey({ armoredKey: keys.expired })).rejects.toThrow(PgpKeyError)
  })

  it('should refuse a revoked key', async () => {
    await expect(readEncryptionKey({ armoredKey: keys.revoked })).rejects.toThrow(PgpKeyError)
  })

  it('should refuse a private key export', async () => {
    await expect(readEncryptionKey({ armoredKey: keys.secret })).rejects.toThrow(PgpKeyError)
  })

  it('should refuse garbage text', async () => {
    await expect(readEncryptionKey({ armoredKey: 'not a key at all' })).rejects.toThrow(PgpKeyError)
  })

  it('should refuse armor whose body is garbage', async () => {
    const armoredKey = [
      '-----BEGIN PGP PUBLIC KEY BLOCK-----',
      '',
      'bm90IGEga2V5',
      '-----END PGP PUBLIC KEY BLOCK-----',
    ].join('\n')
    await expect(readEncryptionKey({ armoredKey })).rejects.toThrow(PgpKeyError)
  })
})

describe('createChallenge', () => {
  it.each(['cv25519', 'rsa'] as const)(
    'should put the code on the last line of a message GnuPG decrypts (%s key)',
    async (kind) => {
      const { code, message } = await createChallenge({ armoredKey: keys[kind], siteName: SITE })
      expect(decrypt(message).trimEnd().split('\n').at(-1)).toBe(code)
    },
  )

  it('should name the site in the decrypted text', async () => {
    const { message } = await createChallenge({ armoredKey: keys.cv25519, siteName: SITE })
    expect(decrypt(message)).toContain(`${SITE} sign-in code`)
  })

  it('should return an armored PGP message', async () => {
    const { message } = await createChallenge({ armoredKey: keys.cv25519, siteName: SITE })
    expect(message).toMatch(/^-----BEGIN PGP MESSAGE-----\n[\s\S]+-----END PGP MESSAGE-----\n?$/)
  })

  it('should make an 8-character code without ambiguous characters by default', async () => {
    const { code } = await createChallenge({ armoredKey: keys.cv25519, siteName: SITE })
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
  })

  it('should honour codeLength', async () => {
    const { code } = await createChallenge({
      armoredKey: keys.cv25519,
      siteName: SITE,
      codeLength: 12,
    })
    expect(code).toHaveLength(12)
  })

  it('should make a different code each time', async () => {
    const challenges = await Promise.all(
      Array.from({ length: 5 }, () =>
        createChallenge({ armoredKey: keys.cv25519, siteName: SITE }),
      ),
    )
    expect(new Set(challenges.map(({ code }) => code)).size).toBe(5)
  })

  it('should refuse a key that cannot encrypt', async () => {
    await expect(createChallenge({ armoredKey: keys.signOnly, siteName: SITE })).rejects.toThrow(
      PgpKeyError,
    )
  })
})

describe('challengeText', () => {
  it('should state the site and the UTC minute, with the code alone on the last line', () => {
    const now = new Date('2026-11-22T12:00:45Z')
    expect(challengeText({ siteName: SITE, now, code: 'K7Q4MZ9T' })).toBe(
      [
        'Obzor sign-in code',
        'Requested at 2026-11-22 12:00 UTC',
        'If you did not ask for it, ignore this message.',
        'K7Q4MZ9T',
      ].join('\n'),
    )
  })
})

describe('codeHash and codeMatches', () => {
  it('should hash to 64 hex characters', () => {
    expect(codeHash('K7Q4MZ9T')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('should ignore case and whitespace when hashing', () => {
    expect(codeHash('  k7q4 mz9t\n')).toBe(codeHash('K7Q4MZ9T'))
  })

  it('should match a code typed in lower case with stray spaces', () => {
    expect(codeMatches({ code: ' k7Q4mz9t ', hash: codeHash('K7Q4MZ9T') })).toBe(true)
  })

  it('should not match a different code', () => {
    expect(codeMatches({ code: 'K7Q4MZ9U', hash: codeHash('K7Q4MZ9T') })).toBe(false)
  })

  it('should not match against a malformed hash', () => {
    expect(codeMatches({ code: 'K7Q4MZ9T', hash: 'abc' })).toBe(false)
  })
})
