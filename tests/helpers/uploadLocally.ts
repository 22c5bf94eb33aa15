import { readFileSync } from 'node:fs'
import path from 'node:path'

import { withPayload } from '../../scripts/lib/withPayload'

/**
 * Run as a script by tests/storage (node with SERVER_SCRIPT), with S3_BUCKET unset: stores a
 * picture in `media` (with its sizes) and a file in `attachments` on this machine's disk, as the
 * app did before its files moved to a bucket, and prints their ids as JSON.
 */
const png = readFileSync(path.join(import.meta.dirname, '../fixtures/sample.png'))
const file = (name: string) => ({ data: png, mimetype: 'image/png', name, size: png.length })

const created = await withPayload(async (payload) => {
  const media = await payload.create({
    collection: 'media',
    data: { alt: 'Before the bucket' },
    file: file('before-bucket.png'),
  })
  const attachment = await payload.create({
    collection: 'attachments',
    data: {},
    file: file('before-bucket-proof.png'),
  })
  return { media: media.id, attachment: attachment.id }
})
console.log(JSON.stringify(created))
process.exit(0)
