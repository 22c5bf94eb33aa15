import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { generateTotpSecret, otpauthUri, qrDataUrl, verifyTotp } from '@endpoints/auth/lib/totp'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
// Ten seconds into a step, so ±30 s lands squarely in the neighbouring steps.
const NOW = Date.parse('2026-11-22T12:00:10Z')
const STEP = Math.floor(NOW / 30_000)

// oathtool is an independent RFC 6238 implementation, so the tests do not grade otplib by itself.
const currentCode = (secret: string) =>
  execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim()

const codeAt = ({ secret = SECRET, at }: { secret?: string; at: number }) =>
  execFileSync('oathtool', ['--totp', '-b', '-N', `@${Math.floor(at / 1000)}`, secret], {
    encoding: 'utf8',
  }).trim()

describe('generateTotpSecret', () => {
  it('should make 32 base32 characters', () => {
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/)
  })

  it('should make a different secret each time', () => {
    expect(generateTotpSecret()).not.toBe(generateTotpSecret())
  })
})

describe('verifyTotp', () => {
  it('should accept the current code from oathtool', () => {
    const secret = generateTotpSecret()
    expect(verifyTotp({ secret, code: currentCode(secret), lastUsedStep: null }).ok).toBe(true)
  })

  it('should return the step the code belongs to', () => {
    const code = codeAt({ at: NOW })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })).toEqual({
      ok: true,
      step: STEP,
    })
  })

  it('should accept the previous step with its step number', () => {
    const code = codeAt({ at: NOW - 30_000 })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })).toEqual({
      ok: true,
      step: STEP - 1,
    })
  })

  it('should accept the next step with its step number', () => {
    const code = codeAt({ at: NOW + 30_000 })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })).toEqual({
      ok: true,
      step: STEP + 1,
    })
  })

  it('should refuse a code two steps old', () => {
    const code = codeAt({ at: NOW - 60_000 })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })).toEqual({
      ok: false,
    })
  })

  it('should refuse a code from five minutes ago', () => {
    const code = codeAt({ at: NOW - 5 * 60_000 })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })).toEqual({
      ok: false,
    })
  })

  it('should refuse a code for another secret', () => {
    const code = codeAt({ secret: generateTotpSecret(), at: NOW })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW }).ok).toBe(false)
  })

  it('should refuse the same code a second time', () => {
    const code = codeAt({ at: NOW })
    const first = verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })
    const { step } = first as { ok: true; step: number }
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: step, now: NOW })).toEqual({
      ok: false,
    })
  })

  it('should refuse an older step once a newer one was used', () => {
    const code = codeAt({ at: NOW - 30_000 })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: STEP, now: NOW })).toEqual({
      ok: false,
    })
  })

  it('should accept a newer step after an older one was used', () => {
    const code = codeAt({ at: NOW })
    expect(verifyTotp({ secret: SECRET, code, lastUsedStep: STEP - 1, now: NOW })).toEqual({
      ok: true,
      step: STEP,
    })
  })

  it('should accept a code with surrounding and grouping spaces', () => {
    const code = codeAt({ at: NOW })
    const spaced = ` ${code.slice(0, 3)} ${code.slice(3)} `
    expect(verifyTotp({ secret: SECRET, code: spaced, lastUsedStep: null, now: NOW }).ok).toBe(true)
  })

  it.each(['', '12345', '1234567', '12a456', '１２３４５６'])(
    'should refuse %j, which is not six digits',
    (code) => {
      expect(verifyTotp({ secret: SECRET, code, lastUsedStep: null, now: NOW })).toEqual({
        ok: false,
      })
    },
  )
})

describe('otpauthUri', () => {
  const uri = new URL(
    otpauthUri({ secret: SECRET, accountName: 'user@example.com', issuer: 'Obzor' }),
  )

  it('should be a TOTP otpauth URI', () => {
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp')
  })

  it('should carry the secret', () => {
    expect(uri.searchParams.get('secret')).toBe(SECRET)
  })

  it('should carry the issuer', () => {
    expect(uri.searchParams.get('issuer')).toBe('Obzor')
  })

  it('should label the account with issuer and account name', () => {
    expect(decodeURIComponent(uri.pathname)).toBe('/Obzor:user@example.com')
  })
})

describe('qrDataUrl', () => {
  it('should return a PNG data URL', async () => {
    const url = await qrDataUrl({ uri: 'otpauth://totp/Obzor:a?secret=' + SECRET })
    expect(url.startsWith('data:image/png;base64,')).toBe(true)
  })
})
