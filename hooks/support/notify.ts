import type { PayloadRequest } from 'payload'

import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { serverUrl, siteName } from '@/server/env'
import { serverMessage } from '@/server/serverMessages'

/**
 * Mails a user about their ticket or request, in the user's own language, with a link to the
 * page that shows it (`path`, without the language prefix). A mail that fails is logged: the
 * change it tells of stands.
 */
export const mailUser = async ({
  req,
  userId,
  key,
  values,
  path,
  more,
}: {
  req: PayloadRequest
  userId: number
  /** `emails.<key>-subject` and `emails.<key>-body` in the catalogues. */
  key: string
  values: Record<string, string | number>
  path: string
  /** A message's full key for a paragraph after the link (a moderator's note), with `values`. */
  more?: string
}) => {
  try {
    const user = await req.payload.findByID({
      collection: 'users',
      id: userId,
      select: { email: true, locale: true },
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    if (!user?.email) return
    const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE
    const say = (part: string) =>
      serverMessage({ locale, key: `emails.${key}-${part}`, values: { site: siteName, ...values } })
    const paragraph = more
      ? ['', serverMessage({ locale, key: more, values: { site: siteName, ...values } })]
      : []
    await req.payload.sendEmail({
      to: user.email,
      subject: say('subject'),
      text: [say('body'), '', `${serverUrl()}${localizedPath(locale, path)}`, ...paragraph].join(
        '\n',
      ),
    })
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `could not mail user ${userId} (${key})` })
  }
}
