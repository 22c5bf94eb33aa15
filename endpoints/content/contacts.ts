import type { PayloadRequest } from 'payload'

import * as calls from '@/api/contacts'
import { DEFAULT_LOCALE } from '@/i18n/routing'
import { clientAddress } from '@/server/clientAddress'
import { inTransaction } from '@/server/db'
import { contactEmail } from '@/server/email'
import { serverUrl, siteName } from '@/server/env'
import { queueEmail } from '@/server/mailQueue'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

import { checkAttachments, storeAttachments } from '../lib/attachments'
import { verifyCaptcha } from '../lib/captcha'
import { requireUser } from '../lib/currentUser'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { requestToken } from '../lib/session'

/**
 * A signed-in sender whose account is blocked: its sessions ended when it was blocked, so its
 * token is recognised by its signature (endpoints/lib/currentUser.ts). A guest, or a token that
 * names nobody, sends as a guest.
 */
const blockedSender = async (req: PayloadRequest) => {
  const user = req.user as User | null
  if (!user?.blocked && (user || !requestToken(req))) return null
  const { failure } = await requireUser(req)
  return failure?.status === 402 ? failure : null
}

/** The message to the site's address: who wrote, what, and where to read it in the admin. */
const notify = async ({
  req,
  id,
  body,
  files,
}: {
  req: PayloadRequest
  id: number
  body: { name: string; email: string; subject: string; message: string }
  files: number
}) => {
  const locale = DEFAULT_LOCALE
  const say = (key: string, values: Record<string, string | number> = {}) =>
    serverMessage({ locale, key: `contacts.${key}`, values })
  const link = `${serverUrl()}/admin/collections/contact-messages/${id}`
  await queueEmail({
    req,
    message: {
      to: contactEmail(),
      replyTo: { name: body.name, address: body.email },
      subject: say('mail-subject', { site: siteName, subject: body.subject }),
      text: [
        say('mail-from', { name: body.name, email: body.email }),
        say('mail-topic', { subject: body.subject }),
        say('mail-files', { count: files }),
        '',
        body.message,
        '',
        say('mail-link', { url: link }),
      ].join('\n'),
    },
  })
}

/**
 * POST /add-contacts (form data: name, email, subject, message, up to LIMITS.attachmentsMax
 * `attachments` files, `captcha`) → {sent: true}. Checks the fields, each file by its bytes, the
 * reCAPTCHA and the per-address limit, and stores the files (private), the message and the mail
 * that tells the site's address of it in one transaction: the mail server's state is the email
 * queue's business, never the visitor's.
 */
export const addContacts = defineEndpoint(calls.addContacts, {
  handler: async ({ req, user, body, files, reply }) => {
    const blocked = await blockedSender(req)
    if (blocked) return blocked
    const checked = await checkAttachments({ req, files })
    if (checked.failure) return checked.failure
    const { uploads } = checked
    if (!(await verifyCaptcha({ req, token: body.captcha }))) {
      return invalid({ req, errors: { captcha: ['captcha-required'] } })
    }
    if (!(await consumeAttempt({ req, limit: 'contactPerAddress', key: clientAddress(req) }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const { name, email, subject, message } = body
    await inTransaction(req, async () => {
      const attachments = await storeAttachments({ req, uploads })
      const created = await req.payload.create({
        collection: 'contact-messages',
        data: {
          name,
          email: email.toLowerCase(),
          subject,
          message,
          attachments,
          sender: user?.id,
          locale: messageLocale(req),
          handled: false,
        },
        overrideAccess: true,
        depth: 0,
        req,
      })
      await notify({ req, id: created.id, body, files: uploads.length })
      return created
    })
    return reply({ sent: true })
  },
})

export const contactEndpoints = [addContacts]
