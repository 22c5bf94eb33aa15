import 'server-only'

import type {
  PayloadEmailAdapter as EmailAdapter,
  Payload,
  PayloadRequest,
  SendEmailOptions,
  TaskConfig,
} from 'payload'

import { DEFAULT_LOCALE, type Locale, isLocale } from '@/i18n/routing'

import { mailTransport } from './email'
import { mailClaimLeaseSeconds, serverUrl } from './env'
import { EMAIL_QUEUE, EMAIL_TASK } from './jobQueues'
import { metrics } from './metrics'
import { releaseLapsedClaims } from './sql/cleanUp'
import { recordMailSent, sentMessageIdOf } from './sql/mailQueue'

/**
 * Tries after the first: 15 s, 30 s, 1 min … about 2 h, so a mail server down for up to four
 * hours loses nothing; after that the job stays in `payload-jobs` with its error.
 */
export const EMAIL_RETRIES = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 15_000 },
} as const

type Address = string | { name?: string; address: string }

/** What a queued message keeps: the mail itself, as JSON, nothing of the transport. */
export type QueuedMessage = {
  to: Address | Address[]
  cc?: Address | Address[]
  bcc?: Address | Address[]
  from?: Address
  replyTo?: Address | Address[]
  subject: string
  text?: string
  html?: string
  /** Extra header lines (a notification's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  headers?: Record<string, string>
}

/**
 * Queues one message in the request's transaction: a write that rolls back mails nothing, and a
 * call that answers 200 has its mail stored. The request never waits for the mail server.
 */
export const queueEmail = async ({
  req,
  message,
}: {
  req: PayloadRequest
  message: SendEmailOptions
}) => {
  await req.payload.jobs.queue({
    task: EMAIL_TASK,
    queue: EMAIL_QUEUE,
    input: { message: storable(message) },
    req,
  })
}

/** Where and in which language to mail a user: their address and locale, or null without one. */
export const mailRecipient = async ({
  req,
  userId,
}: {
  req: PayloadRequest
  userId: number
}): Promise<{ email: string; locale: Locale } | null> => {
  const user = await req.payload.findByID({
    collection: 'users',
    id: userId,
    select: { email: true, locale: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  if (!user?.email) return null
  return { email: user.email, locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE }
}

/**
 * The config's email adapter. Its `sendEmail`, which Payload's own mail (the password reset)
 * and any `payload.sendEmail` reach, queues the message (committed on its own: Payload hands an
 * adapter no request); the email task hands it to the transport of src/server/email.ts.
 */
export const emailAdapter = async (): Promise<EmailAdapter> => {
  const transport = await mailTransport()
  return ({ payload }) => {
    const underlying = transport({ payload })
    transports.set(payload, underlying)
    return {
      name: `queued ${underlying.name}`,
      defaultFromAddress: underlying.defaultFromAddress,
      defaultFromName: underlying.defaultFromName,
      sendEmail: async (message) => {
        await payload.jobs.queue({
          task: EMAIL_TASK,
          queue: EMAIL_QUEUE,
          input: { message: storable(message) },
        })
      },
    }
  }
}

/**
 * Sends one queued message through the transport; a refusal is retried with back-off. The mail's
 * Message-ID is one per job, the same at every try (a client shows a copy once), and is recorded on
 * the job the moment the mail server accepts it; a try that finds it recorded sends nothing again.
 * What is left is SMTP's own window: a runner killed after the server accepted a mail and before
 * the record was written (a few milliseconds) sends it again; the copy has the same Message-ID.
 */
export const sendEmailTask = {
  slug: EMAIL_TASK,
  label: 'Email: send one message',
  inputSchema: [{ name: 'message', type: 'json', required: true }],
  retries: EMAIL_RETRIES,
  handler: async ({ input, job, req }) => {
    const message = input.message as QueuedMessage
    const jobId = String(job.id)
    const unrecorded = sentUnrecorded.get(jobId)
    const sent = unrecorded ?? (await sentMessageIdOf(req.payload, job.id))
    if (sent) {
      if (unrecorded) await recorded(req.payload, jobId, unrecorded)
      return { output: { messageId: sent } }
    }
    const messageId = `<mail-${jobId}.${Date.parse(job.createdAt)}@${new URL(serverUrl()).hostname}>`
    try {
      await transportOf(req.payload).sendEmail({ ...message, messageId } as SendEmailOptions)
      metrics().mails.inc({ result: 'sent' })
    } catch (error) {
      metrics().mails.inc({ result: 'failed' })
      // The runner's own error lines are off for this queue: they print the job, the mail's
      // text (a code) included. This one says what and to whom.
      req.payload.logger.warn({
        msg: `Mail not sent this time (${errorText(error)}); the queue tries again until its last try. To: ${addresses(message.to)}, Subject: ${message.subject}`,
      })
      throw error
    }
    // With the database away this throws, and the job's next try finds the mail sent here.
    sentUnrecorded.set(jobId, messageId)
    await recorded(req.payload, jobId, messageId)
    return { output: { messageId } }
  },
} as const satisfies TaskConfig<{ input: { message: unknown }; output: object }>

let claimsLookedAt = 0

/**
 * Frees the email queue's claims older than MAIL_CLAIM_LEASE_SECONDS, at most every few seconds
 * per process; called before each run of the queue (payload.config.ts, `shouldAutoRun`). A claim
 * is a lease: the mails of a worker killed mid-run go out within a minute from another runner or
 * its restart, each once (above). Never throws: with the database away the next look tries again.
 */
export const releaseLapsedMailClaims = async (payload: Payload) => {
  if (Date.now() - claimsLookedAt < CLAIMS_LOOK_EVERY_MS) return
  claimsLookedAt = Date.now()
  const freed = await releaseLapsedClaims(payload, {
    queue: EMAIL_QUEUE,
    seconds: mailClaimLeaseSeconds(),
  }).catch(() => [])
  if (freed.length) {
    payload.logger.warn({
      msg: `Mail: ${freed.length} claimed mail(s) whose runner stopped are free to send again (jobs ${freed.join(', ')}).`,
    })
  }
}

const CLAIMS_LOOK_EVERY_MS = 2_000

/**
 * Mails this process sent whose sending it could not record yet (the database went between the
 * two): job id → Message-ID.
 */
const sentUnrecorded = new Map<string, string>()

const recorded = async (payload: Payload, jobId: string, messageId: string) => {
  await recordMailSent(payload, jobId, messageId)
  sentUnrecorded.delete(jobId)
}

const transports = new WeakMap<Payload, ReturnType<EmailAdapter>>()

const transportOf = (payload: Payload) => {
  const transport = transports.get(payload)
  if (!transport) throw new Error('The mail transport was not started with this Payload')
  return transport
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A mail's recipients as one line: «anna@example.com, boris@example.com». */
export const addresses = (value: QueuedMessage['to'] | undefined) =>
  [value ?? []]
    .flat()
    .map((item) => (typeof item === 'string' ? item : item.address))
    .join(', ')

const address = (value: unknown): Address | undefined => {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'address' in value) {
    const { name, address: text } = value as { name?: unknown; address?: unknown }
    if (typeof text !== 'string') return undefined
    return typeof name === 'string' && name ? { name, address: text } : { address: text }
  }
  return undefined
}

const addressList = (value: unknown): Address | Address[] | undefined => {
  if (!Array.isArray(value)) return address(value)
  const list = value.map(address).filter((item): item is Address => item !== undefined)
  return list.length ? list : undefined
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** Header lines given as name → text; any other form nodemailer takes is left out. */
const headerLines = (value: unknown): Record<string, string> | undefined => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const lines = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return lines.length ? Object.fromEntries(lines) : undefined
}

/** The message as plain JSON; fields the site never sends (attachments) are left out. */
const storable = (message: SendEmailOptions): QueuedMessage => {
  const stored: QueuedMessage = {
    to: addressList(message.to) ?? [],
    cc: addressList(message.cc),
    bcc: addressList(message.bcc),
    from: address(message.from),
    replyTo: addressList(message.replyTo),
    subject: text(message.subject) ?? '',
    text: text(message.text),
    html: text(message.html),
    headers: headerLines(message.headers),
  }
  return Object.fromEntries(
    Object.entries(stored).filter(([, value]) => value !== undefined),
  ) as QueuedMessage
}
