import 'server-only'

import { createHash } from 'node:crypto'

import { jwtVerify } from 'jose'

import { payloadSecret } from './env'

export const SESSION_COOKIE = 'payload-token'

/** Payload signs its tokens with a key derived from PAYLOAD_SECRET this way (payload/dist/index.js). */
const signingKey = () =>
  new TextEncoder().encode(createHash('sha256').update(payloadSecret()).digest('hex').slice(0, 32))

/**
 * A fast check that a session token is genuine and unexpired, for routing decisions. It does not
 * see sessions ended on the server: pages that show private data still ask Payload for the user.
 */
export const isValidSessionToken = async (token: string | undefined): Promise<boolean> => {
  if (!token) return false
  try {
    await jwtVerify(token, signingKey(), { algorithms: ['HS256'] })
    return true
  } catch {
    return false
  }
}
