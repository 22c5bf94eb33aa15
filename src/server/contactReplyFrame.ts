import 'server-only'

import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing'
import type { ContactReplyFrame } from '@/lib/contactReply'

import { siteName } from './env'
import { serverMessage } from './serverMessages'

/** The reply mail's frame for a contact message, in the language its sender wrote in. */
export const contactReplyFrame = (message: {
  name: string
  subject: string
  locale?: string | null
  createdAt: string
}): ContactReplyFrame => {
  const locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE
  const say = (key: string, values: Record<string, string> = {}) =>
    serverMessage({ locale, key: `contacts-queue.${key}`, values: { site: siteName, ...values } })
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
    new Date(message.createdAt),
  )
  return {
    subject: say('mail-subject', { subject: message.subject }),
    greeting: say('mail-greeting', { name: message.name }),
    signature: say('mail-signature'),
    quoteIntro: say('mail-quote', { date }),
  }
}
