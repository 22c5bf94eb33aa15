import 'server-only'

import type { PayloadRequest } from 'payload'

import { localizedPath } from '@/i18n/routing'
import { MAILED_SECURITY_EVENTS, type SecurityEventKind } from '@/lib/accountSecurity'
import { clientAddress } from '@/server/clientAddress'
import { inTransaction } from '@/server/db'
import { serverUrl, siteName } from '@/server/env'
import { mailRecipient, queueEmail } from '@/server/mailQueue'
import { serverMessage } from '@/server/serverMessages'

import { describeDevice } from './device'

/** The page where a user sees their sessions and log (without the language prefix). */
export const SECURITY_PAGE_PATH = '/profile/security'

/**
 * Writes one row of the security log for `userId`, with the request's address and device, and,
 * for the sensitive events, queues the mail that tells its holder ("if this was not you…") in
 * their language, in the same transaction. The log takes no value from any request but these.
 */
export const recordSecurityEvent = async ({
  req,
  userId,
  kind,
  detail,
}: {
  req: PayloadRequest
  userId: number
  kind: SecurityEventKind
  detail?: string
}) => {
  const address = clientAddress(req)
  const device = describeDevice(req.headers.get('user-agent')).label || null
  await inTransaction(req, async () => {
    await req.payload.create({
      collection: 'security-events',
      data: { user: userId, kind, address, device, detail },
      overrideAccess: true,
      req,
    })
    if (MAILED_SECURITY_EVENTS.has(kind)) {
      await mailSecurityEvent({ req, userId, kind, address, device })
    }
  })
}

const mailSecurityEvent = async ({
  req,
  userId,
  kind,
  address,
  device,
}: {
  req: PayloadRequest
  userId: number
  kind: SecurityEventKind
  address: string
  device: string | null
}) => {
  const recipient = await mailRecipient({ req, userId })
  if (!recipient) return
  const { email, locale } = recipient
  const say = (key: string, values: Record<string, string> = {}) =>
    serverMessage({ locale, key: `security-mail.${key}`, values })
  const time = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`
  await queueEmail({
    req,
    message: {
      to: email,
      subject: say(`${kind}-subject`, { site: siteName }),
      text: [
        say(`${kind}-body`, { site: siteName }),
        '',
        say('details', { time, address, device: device || say('unknown-device') }),
        '',
        say(`${kind}-not-you`),
        `${serverUrl()}${localizedPath(locale, SECURITY_PAGE_PATH)}`,
      ].join('\n'),
    },
  })
}
