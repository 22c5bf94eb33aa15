import 'server-only'

import { type EmailSettings, emailSettingsOf } from '@/lib/notificationMail'
import type { User } from '@payload-types'

import { getPayload } from './payload'

/** The account's choice for each kind of notification mail, read as the account's holder. */
export const readEmailSettings = async (user: User): Promise<EmailSettings> => {
  const payload = await getPayload()
  const account = await payload.findByID({
    collection: 'users',
    id: user.id,
    select: { notificationEmail: true },
    depth: 0,
    overrideAccess: false,
    user,
  })
  return emailSettingsOf(account.notificationEmail)
}
