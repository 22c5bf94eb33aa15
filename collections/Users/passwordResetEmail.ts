import type { PayloadRequest } from 'payload'

import { localizedPath } from '@/i18n/routing'
import { fallbackLocale, serverUrl, siteName } from '@/server/env'
import { messageLocale, serverMessage } from '@/server/serverMessages'

type EmailArgs = { req?: PayloadRequest; token?: string }

const localeOf = (req?: PayloadRequest) => (req ? messageLocale(req) : fallbackLocale())

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The reset mail links to the site's own /password-reset/{token} screen in the reader's language. */
export const passwordResetEmail = {
  subject: ({ req }: EmailArgs = {}) =>
    serverMessage({
      locale: localeOf(req),
      key: 'emails.reset-subject',
      values: { site: siteName },
    }),
  html: ({ req, token }: EmailArgs = {}) => {
    const locale = localeOf(req)
    const link = `${serverUrl()}${localizedPath(locale, `/password-reset/${token ?? ''}`)}`
    const text = (key: string) => escapeHtml(serverMessage({ locale, key: `emails.${key}` }))
    return `<p>${text('reset-intro')}</p><p><a href="${link}">${link}</a></p><p>${text('reset-ignore')}</p>`
  },
}
