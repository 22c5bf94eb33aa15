import { isWebAddress } from './externalUrl'

/**
 * An address as signed lists and resource links compare: scheme and host lowercased (URL does
 * it), a trailing slash ignored. Null for anything that is not an http(s) address.
 */
export const normalizeAddress = (value: string): string | null => {
  if (!isWebAddress(value)) return null
  const url = new URL(value.trim())
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.protocol}//${url.host}${path}${url.search}`
}

/**
 * The addresses a signed list names: every line that starts with http:// or https:// must be a
 * web address (else null: a mistyped mirror must not vanish silently); every other line (a title,
 * a date, a comment) is free text and ignored. Duplicates count once.
 */
export const parseMirrorAddresses = (text: string): string[] | null => {
  const addresses: string[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!/^https?:\/\//i.test(line)) continue
    if (!isWebAddress(line)) return null
    if (!addresses.some((known) => normalizeAddress(known) === normalizeAddress(line))) {
      addresses.push(line)
    }
  }
  return addresses
}

/** A key's fingerprint as people read it: upper case, in groups of four. */
export const groupFingerprint = (fingerprint: string) =>
  fingerprint
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim()
