import { withPayload } from '../../scripts/lib/withPayload'

/**
 * Writes to the worker's database from a process of its own, as `npm run seed` or another
 * instance would: a published shop titled `argv[2]`, reviewed by the demo `user`.
 */
const title = process.argv[2]
if (!title) throw new Error('usage: writeAsAnotherProcess.ts <title>')

await withPayload(async (payload) => {
  const resource = await payload.create({
    collection: 'resources',
    data: { type: 'shop', title, links: [{ url: 'https://tea.example.com' }], status: 'published' },
  })
  const { docs } = await payload.find({
    collection: 'users',
    where: { username: { equals: 'user' } },
    limit: 1,
    depth: 0,
  })
  await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: docs[0].id,
      grade: 5,
      comment: 'Fresh leaves, quick delivery.',
      status: 'published',
    },
  })
})
process.exit(0)
