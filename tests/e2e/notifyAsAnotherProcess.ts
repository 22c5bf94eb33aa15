import { type Where, createLocalReq } from 'payload'

import { inTransaction } from '@/server/db'

import { withPayload } from '../../scripts/lib/withPayload'

/**
 * Makes a notification as the events' hooks do (the Local API with overrideAccess, inside the
 * event's transaction), from a process of its own on the worker's database: a new review of a
 * published resource, by the demo `user`, for the account whose email is `argv[2]`.
 */
const email = process.argv[2]
if (!email) throw new Error('usage: notifyAsAnotherProcess.ts <email>')

await withPayload(async (payload) => {
  const find = async (collection: 'users' | 'resources', where: Where) =>
    (await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true })).docs[0]
  const recipient = await find('users', { email: { equals: email } })
  const actor = await find('users', { username: { equals: 'user' } })
  const resource = await find('resources', { status: { equals: 'published' } })
  const req = await createLocalReq({}, payload)
  await inTransaction(req, () =>
    payload.create({
      collection: 'notifications',
      data: {
        recipient: recipient.id,
        kind: 'new-review',
        actor: actor.id,
        resource: resource.id,
        eventKey: `new-review:e2e-${Date.now()}:${recipient.id}`,
      },
      overrideAccess: true,
      req,
    }),
  )
})
process.exit(0)
