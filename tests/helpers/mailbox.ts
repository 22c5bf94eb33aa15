import type { AddressInfo } from 'node:net'

import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Mail = { to: string; subject: string; text: string; html: string }

const received: Mail[] = []

/** A local SMTP server that keeps every message, for tests that read what the app emails. */
export const startMailbox = async () => {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to)
            ? mail.to.map((a) => a.text).join(', ')
            : (mail.to?.text ?? '')
          received.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.server.address() as AddressInfo).port, close: () => server.close() }
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
    const mail = received.filter((m) => m.to.includes(to)).at(-1)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No mail to ${to}`)
}

export const clearMailbox = () => {
  received.length = 0
}

/** Every message to `to` so far, oldest first (all of them for an empty `to`). */
export const mailsTo = (to: string) => received.filter((m) => m.to.includes(to))
