import type { PayloadRequest } from 'payload'

import { type Locale, localizedPath } from '@/i18n/routing'
import { serverUrl, siteName } from '@/server/env'
import { mailRecipient, queueEmail } from '@/server/mailQueue'
import { serverMessage } from '@/server/serverMessages'

/**
 * Mails a user about their ticket or request, in the user's own language, with a link to the
 * page that shows it (`path`, without the language prefix). The mail is queued in the change's
 * transaction: both stand, or neither.
 */
export const mailUser = async ({
  req,
  userId,
  key,
  values,
  path,
  namespace = 'emails',
  more,
}: {
  req: PayloadRequest
  userId: number
  /** `<namespace>.<key>-subject` and `<namespace>.<key>-body` in the catalogues. */
  key: string
  namespace?: string
  /** The message's values, or what makes them in the user's language. */
  values:
    Record<string, string | number> | ((locale: Locale) => Promise<Record<string, string | number>>)
  path: string
  /** A message's full key for a paragraph after the link (a moderator's note), with `values`. */
  more?: string
}) => {
  const recipient = await mailRecipient({ req, userId })
  if (!recipient) return
  const { email, locale } = recipient
  const given = typeof values === 'function' ? await values(locale) : values
  const say = (part: string) =>
    serverMessage({
      locale,
      key: `${namespace}.${key}-${part}`,
      values: { site: siteName, ...given },
    })
  const paragraph = more
    ? ['', serverMessage({ locale, key: more, values: { site: siteName, ...given } })]
    : []
  await queueEmail({
    req,
    message: {
      to: email,
      subject: say('subject'),
      text: [say('body'), '', `${serverUrl()}${localizedPath(locale, path)}`, ...paragraph].join(
        '\n',
      ),
    },
  })
}
