import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import { adminResourcePath } from '@/lib/moderation'
import { relationId } from '@/lib/relations'
import { canDecidePgpKeys, rolesWith } from '@/lib/roles'
import { serverUrl, siteName } from '@/server/env'
import { mailRecipient, queueEmail } from '@/server/mailQueue'
import { nestedRequest } from '@/server/nestedRequest'
import { serverMessage } from '@/server/serverMessages'
import { mailUser } from '@hooks/support/notify'
import type { Resource } from '@payload-types'

/**
 * Every admin is mailed, in their own language, when a resource's new PGP key starts waiting for
 * their decision (guardResourcePgpKey held an owner's or operator's change), with the key's
 * fingerprint and a link to the resource's edit view, where they decide it. The mails are queued
 * in the change's transaction, whatever door it came by.
 */
export const tellAdminsOfWaitingKey: CollectionAfterChangeHook<Resource> = async ({
  doc,
  previousDoc,
  req,
}) => {
  if (!doc.pendingPgpKeyAt || doc.pendingPgpKeyAt === previousDoc?.pendingPgpKeyAt) return doc
  const { docs: admins } = await req.payload.find({
    collection: 'users',
    where: { role: { in: rolesWith(canDecidePgpKeys) } },
    select: { email: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const titleIn = titles({ req, id: doc.id })
  for (const admin of admins) {
    const recipient = await mailRecipient({ req, userId: admin.id })
    if (!recipient) continue
    const { email, locale } = recipient
    const values = {
      site: siteName,
      title: await titleIn(locale),
      fingerprint: doc.pendingPgpFingerprint ?? '',
    }
    const say = (part: string) =>
      serverMessage({ locale, key: `moderation-emails.pgp-key-waiting-${part}`, values })
    await queueEmail({
      req,
      message: {
        to: email,
        subject: say('subject'),
        text: [say('body'), '', `${serverUrl()}${adminResourcePath(doc.id)}`].join('\n'),
      },
    })
  }
  return doc
}

/**
 * The resource's owner is mailed, in their language, what became of the new key that waited: an
 * admin approved it (it is now the resource's key) or refused it (the current key stays), on
 * whatever door the admin decided.
 */
export const tellOwnerOfKeyDecision: CollectionAfterChangeHook<Resource> = async ({
  doc,
  previousDoc,
  req,
}) => {
  if (!previousDoc?.pendingPgpKey || doc.pendingPgpKey) return doc
  const owner = relationId(doc.owner)
  if (owner === null || owner === req.user?.id) return doc
  const isApproved =
    Boolean(doc.pgpFingerprint) && doc.pgpFingerprint === previousDoc.pendingPgpFingerprint
  const titleIn = titles({ req, id: doc.id })
  await mailUser({
    req,
    userId: owner,
    namespace: 'moderation-emails',
    key: isApproved ? 'pgp-key-approved' : 'pgp-key-refused',
    values: async (locale) => ({
      title: await titleIn(locale),
      fingerprint: previousDoc.pendingPgpFingerprint ?? '',
    }),
    path: `/add-resource/mirrors?id=${doc.id}`,
  })
  return doc
}

/** The resource's title in a language (the other one's when it has none), read once per language. */
const titles = ({ req, id }: { req: PayloadRequest; id: number }) => {
  const read = new Map<Locale, Promise<string>>()
  return (locale: Locale) => {
    const title =
      read.get(locale) ??
      req.payload
        .findByID({
          collection: 'resources',
          id,
          locale,
          select: { title: true },
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          // In the recipient's language, not the save's: the hooks after this one read the save's.
          req: nestedRequest(req),
        })
        .then((found) => found?.title ?? '')
    read.set(locale, title)
    return title
  }
}
