import 'server-only'

import { appendFileSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import type { PayloadEmailAdapter as EmailAdapter, SendEmailOptions } from 'payload'

import { env, serverUrl, siteName } from './env'

/** One message as the development outbox keeps it. */
export type OutboxMessage = {
  date: string
  to: string
  from: string
  subject: string
  text: string
  html: string
}

export const isProduction = () => process.env.NODE_ENV === 'production'

/** Where the site's team reads mail (the contact form, tickets): CONTACT_EMAIL, else support@ the site's host. */
export const contactEmail = () => env().CONTACT_EMAIL || `support@${new URL(serverUrl()).hostname}`

/**
 * How a message leaves the app, once the email queue's task sends it (src/server/mailQueue.ts):
 * through SMTP_HOST when it is set. Without it, development keeps every message in an outbox a
 * developer reads (the log, and GET /api/dev/outbox), so signing up and resetting a password work
 * on a machine with no mail server; production logs at start, and at each message, that mail is
 * not sent. It does not refuse to start: `next build` loads this config too, and a directory that
 * cannot mail still serves its pages.
 */
export const mailTransport = (): EmailAdapter | Promise<EmailAdapter> => {
  const { SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS } = env()
  if (SMTP_HOST) {
    return nodemailerAdapter({
      defaultFromAddress: fromAddress(),
      defaultFromName: siteName,
      skipVerify: true,
      transportOptions: {
        // A server that does not answer fails the attempt soon (nodemailer waits minutes by
        // default): the queue retries it, and a worker told to stop is not held up.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
        host: SMTP_HOST,
        port: SMTP_PORT,
        secure: SMTP_SECURE,
        auth: SMTP_USER ? { user: SMTP_USER, pass: SMTP_PASS } : undefined,
      },
    })
  }
  return isProduction() ? unsentMail : devOutbox
}

/** The folder of the development outbox (git-ignored under .data/ by default). */
export const outboxFile = () => path.resolve(env().DEV_OUTBOX_DIR, 'outbox.jsonl')

export const outboxUrl = () => `${serverUrl()}/api/dev/outbox`

/** The outbox's messages, newest first; with `to`, only those to that address. */
export const readOutbox = ({ to }: { to?: string } = {}): OutboxMessage[] => {
  let lines: string[]
  try {
    lines = readFileSync(outboxFile(), 'utf8').split('\n')
  } catch {
    return []
  }
  const wanted = to?.trim().toLowerCase()
  return lines
    .flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as OutboxMessage] : []
      } catch {
        return []
      }
    })
    .filter((message) => !wanted || message.to.toLowerCase().includes(wanted))
    .reverse()
}

const fromAddress = () => env().EMAIL_FROM || `no-reply@${new URL(serverUrl()).hostname}`

const isBuilding = () => env().NEXT_PHASE === 'phase-production-build'

/**
 * Development without SMTP: each message is printed in full (the code, the link) and appended to
 * a JSON-lines file, which outlives a restart and is shared by every process of the app.
 */
const devOutbox: EmailAdapter = ({ payload }) => {
  payload.logger.info(`No SMTP_HOST: mail is not sent but kept in the outbox, ${outboxUrl()}`)
  return {
    name: 'dev-outbox',
    defaultFromAddress: fromAddress(),
    defaultFromName: siteName,
    sendEmail: async (message) => {
      const kept = toOutboxMessage(message)
      const file = outboxFile()
      mkdirSync(path.dirname(file), { recursive: true })
      appendFileSync(file, `${JSON.stringify(kept)}\n`)
      payload.logger.info(
        [
          `Mail not sent (no SMTP_HOST), kept in ${outboxUrl()}`,
          `To: ${kept.to}`,
          `Subject: ${kept.subject}`,
          '',
          kept.text,
        ].join('\n'),
      )
    },
  }
}

/** Production without SMTP: said at start, and for each message (never its text: codes). */
const unsentMail: EmailAdapter = ({ payload }) => {
  if (!isBuilding()) {
    payload.logger.warn(
      'SMTP_HOST is not set: no mail is sent, so nobody can confirm a registration or reset a password.',
    )
  }
  return {
    name: 'unsent',
    defaultFromAddress: fromAddress(),
    defaultFromName: siteName,
    sendEmail: async (message) => {
      payload.logger.error(
        `Mail not sent (SMTP_HOST is not set). To: ${addressList(message.to)}, Subject: ${message.subject ?? ''}`,
      )
    },
  }
}

const toOutboxMessage = (message: SendEmailOptions): OutboxMessage => {
  const html = typeof message.html === 'string' ? message.html : ''
  const text = typeof message.text === 'string' && message.text ? message.text : htmlToText(html)
  return {
    date: new Date().toISOString(),
    to: addressList(message.to),
    from: addressList(message.from) || fromAddress(),
    subject: message.subject ?? '',
    text,
    html,
  }
}

type AddressLike = string | { address?: string; name?: string } | undefined | null

const addressList = (value: AddressLike | AddressLike[]): string =>
  (Array.isArray(value) ? value : [value])
    .map((item) => (typeof item === 'string' ? item : (item?.address ?? '')))
    .filter(Boolean)
    .join(', ')

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const decodeEntities = (text: string) =>
  text.replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name] ?? whole),
  )

/** A readable text of an HTML-only mail (Payload's password reset): paragraphs and links kept. */
const htmlToText = (html: string) =>
  decodeEntities(
    html
      .replace(
        /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_, href: string, label: string) => {
          const shown = label.replace(/<[^>]+>/g, '').trim()
          return shown && shown !== href ? `${shown} (${href})` : href
        },
      )
      .replace(/<br\s*\/?>|<\/(p|div|h\d|li|tr)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim()
