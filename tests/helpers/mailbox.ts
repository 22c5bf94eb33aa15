import type { AddressInfo } from 'node:net'

import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  /** The message's header lines as sent, by lower-case name (the last of a repeated name). */
  headers: Record<string, string>
}

const received: Mail[] = []

type Refusals = { left: number; down: boolean; refused: number }

/** How many more messages the server turns away (451 at MAIL FROM), or all while `down`. */
const refusals: Refusals = { left: 0, down: false, refused: 0 }

/**
 * The same, for the messages to one address (451 at its RCPT TO, as a greylisting server answers):
 * a test refuses and counts its own messages only, whatever else the app sends meanwhile.
 */
const refusalsTo = new Map<string, Refusals>()
const addressKey = (address: string) => address.trim().toLowerCase()

/** Whether a rule turns the next message away, counting it if it does. */
const refuses = (rule: Refusals | undefined) => {
  if (!rule || !(rule.down || rule.left > 0)) return false
  rule.left = Math.max(0, rule.left - 1)
  rule.refused += 1
  return true
}

const tryAgainLater = () => Object.assign(new Error('Try again later'), { responseCode: 451 })

/** How long the server takes over each message's data (a slow server). */
const pace = { delayMs: 0 }

/**
 * What sends the app's queued mail in this process: the tests' Payload runs its email queue
 * (tests/helpers/payload.ts), as the worker would, before the mailbox is read.
 */
let courier: (() => Promise<void>) | null = null

export const deliverMailWith = (deliver: () => Promise<void>) => {
  courier = deliver
}

/** A local SMTP server that keeps every message, for tests that read what the app emails. */
export const startMailbox = async ({ port = 0 }: { port?: number } = {}) => {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(refuses(refusals) ? tryAgainLater() : undefined)
    },
    onRcptTo(address, _session, callback) {
      callback(refuses(refusalsTo.get(addressKey(address.address))) ? tryAgainLater() : undefined)
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (pace.delayMs) await new Promise((resolve) => setTimeout(resolve, pace.delayMs))
          return mail
        })
        .then((mail) => {
          const to = Array.isArray(mail.to)
            ? mail.to.map((a) => a.text).join(', ')
            : (mail.to?.text ?? '')
          received.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          })
          callback()
        })
        .catch(callback)
    },
  })
  // A sender killed mid-mail (the fault tests kill workers) resets its connection: the server
  // says so as an 'error' event, which unheard would end the test process. The mail it was
  // sending is not received, as from a real server; the test counts what arrives.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port: (server.server.address() as AddressInfo).port, close: () => server.close() }
}

/**
 * The mail server refuses the next `count` messages (451, as a server that is busy or greylists
 * does), or every message while `down` is true; with `to`, only the messages to that address.
 */
export const refuseMail = ({
  count = 0,
  down = false,
  to,
}: {
  count?: number
  down?: boolean
  to?: string
}) => {
  if (to === undefined) {
    Object.assign(refusals, { left: count, down })
    return
  }
  const rule = refusalsTo.get(addressKey(to)) ?? { left: 0, down: false, refused: 0 }
  refusalsTo.set(addressKey(to), { ...rule, left: count, down })
}

/** How many messages the server has refused so far: all of them, or those to `to`. */
export const refusedSoFar = (to?: string) =>
  to === undefined ? refusals.refused : (refusalsTo.get(addressKey(to))?.refused ?? 0)

/** The server takes `ms` over each message from now on (0: at once). */
export const slowMail = ({ ms }: { ms: number }) => {
  pace.delayMs = ms
}

/** Sends what the app has queued (when this process's tests have a Payload), then waits. */
const deliver = async () => {
  await courier?.()
}

/** The newest message to `to`, waiting for it to arrive. */
export const waitForMail = async ({
  to,
  timeoutMs = 10_000,
}: {
  to: string
  timeoutMs?: number
}) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    await deliver()
    const mail = received.filter((m) => m.to.includes(to)).at(-1)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No mail to ${to}`)
}

export const clearMailbox = () => {
  received.length = 0
}

/**
 * Every message to `to` so far, oldest first (all of them for an empty `to`), once what the app
 * had queued has been sent.
 */
export const mailsTo = async (to: string) => {
  await deliver()
  return received.filter((m) => m.to.includes(to))
}

/** What the mail server has received, without sending anything queued first. */
export const receivedTo = (to: string) => received.filter((m) => m.to.includes(to))
