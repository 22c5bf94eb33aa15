import 'server-only'

import type { PayloadRequest } from 'payload'

import { type Locale, localizedPath } from '@/i18n/routing'
import { INVITATION_TTL_DAYS, invitationPath } from '@/lib/invitations'

import { serverUrl, siteName } from '../env'
import { invitationOptOutToken } from '../invitationTokens'
import { queueEmail } from '../mailQueue'
import { serverMessage } from '../serverMessages'

/** The site's call a mail client posts to (RFC 8058), and the page the mail's link opens. */
export const INVITATION_OPT_OUT_CALL = '/api/invitations-opt-out'
export const INVITATION_OPT_OUT_PAGE = '/invitation-opt-out'

const say = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  serverMessage({ locale, key: `invitations.${key}`, values: { site: siteName, ...values } })

const link = (locale: Locale, path: string) => `${serverUrl()}${localizedPath(locale, path)}`

/** Text for HTML: the resource's title is the owner's, never markup. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )

/** The mail's words, one list for its text and its HTML. */
const wordsOf = ({ locale, title }: { locale: Locale; title: string }) => ({
  subject: say(locale, 'mail-subject', { title }),
  greeting: say(locale, 'mail-greeting'),
  ask: say(locale, 'mail-ask', { title }),
  fair: say(locale, 'mail-fair'),
  button: say(locale, 'mail-button'),
  expiry: say(locale, 'mail-expiry', { days: INVITATION_TTL_DAYS }),
  why: say(locale, 'mail-why', { title }),
  optOut: say(locale, 'mail-opt-out'),
})

/** The invitation mail as text and as HTML, with its link and its unsubscribe link. */
export const invitationMail = ({
  locale,
  title,
  token,
  addressHash,
}: {
  locale: Locale
  title: string
  token: string
  addressHash: string
}) => {
  const words = wordsOf({ locale, title })
  const url = link(locale, invitationPath(token))
  const optOutToken = invitationOptOutToken(addressHash)
  const optOutUrl = `${link(locale, INVITATION_OPT_OUT_PAGE)}?token=${optOutToken}`
  const text = [
    words.greeting,
    '',
    words.ask,
    words.fair,
    '',
    `${words.button}: ${url}`,
    words.expiry,
    '',
    '—',
    words.why,
    `${words.optOut}: ${optOutUrl}`,
  ].join('\n')
  const e = escapeHtml
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(words.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td style="font-size:14px;color:#52606d;padding-bottom:16px">${e(siteName)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5">
<p style="margin:0 0 12px">${e(words.greeting)}</p>
<p style="margin:0 0 12px">${e(words.ask)}</p>
<p style="margin:0 0 20px">${e(words.fair)}</p>
<p style="margin:0 0 20px"><a href="${e(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${e(words.button)}</a></p>
<p style="margin:0 0 20px;font-size:14px;color:#52606d">${e(words.expiry)}</p>
</td></tr>
<tr><td style="border-top:1px solid #e4e7eb;padding-top:16px;font-size:12px;line-height:1.5;color:#616e7c">
<p style="margin:0 0 8px">${e(words.why)}</p>
<p style="margin:0"><a href="${e(optOutUrl)}" style="color:#616e7c">${e(words.optOut)}</a></p>
</td></tr>
</table></td></tr></table>
</body></html>`
  return {
    subject: words.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${serverUrl()}${INVITATION_OPT_OUT_CALL}?token=${optOutToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** Queues one invitation mail in the request's transaction (rolled back with the invitation). */
export const queueInvitationMail = async ({
  req,
  to,
  ...mail
}: {
  req: PayloadRequest
  to: string
  locale: Locale
  title: string
  token: string
  addressHash: string
}) => {
  await queueEmail({ req, message: { to, ...invitationMail(mail) } })
}
