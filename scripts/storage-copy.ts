import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { S3 } from '@aws-sdk/client-s3'
import type { Payload } from 'payload'

import {
  STORED_COLLECTIONS,
  type StoredCollection,
  type StoredDoc,
  bucketSettings,
  storageKey,
} from '@/server/fileStorage'

import { withPayload } from './lib/withPayload'

/**
 * `npm run storage:copy`: copies the files that media and attachments keep on this machine's disk
 * (MEDIA_DIR, ATTACHMENTS_DIR) into the S3 bucket (S3_*), every stored file and every image size,
 * under the keys the app reads them from. A key the bucket holds already is skipped (an object
 * is only there once whole), so the command can run again after an interruption, or after the
 * switch, for the files uploaded in between. Exits 1 if a file the database names is in neither.
 */
const settings = bucketSettings()
if (!settings) {
  console.error('S3_BUCKET is not set: nothing to copy to (README, "Files in S3 storage").')
  process.exit(2)
}
const { bucket } = settings
const client = new S3(settings.client)

type Tally = { copied: number; skipped: number; missing: number }
type StoredFile = { filename?: string | null; mimeType?: string | null }
type StoredDocWithSizes = StoredDoc &
  StoredFile & { sizes?: Record<string, StoredFile | undefined> | null }

const PAGE_SIZE = 100

const copyCollection = async (payload: Payload, slug: StoredCollection): Promise<Tally> => {
  const tally: Tally = { copied: 0, skipped: 0, missing: 0 }
  const upload = payload.collections[slug].config.upload
  const folder = path.resolve(upload.staticDir || slug)
  for (let page = 1; ; page += 1) {
    const { docs, hasNextPage } = await payload.find({
      collection: slug,
      depth: 0,
      limit: PAGE_SIZE,
      page,
      sort: 'id',
      overrideAccess: true,
    })
    for (const doc of docs as StoredDocWithSizes[]) {
      for (const file of [doc, ...Object.values(doc.sizes ?? {})]) {
        if (!file?.filename) continue
        const key = storageKey(slug, doc, file.filename)
        tally[await copyFile({ local: path.join(folder, file.filename), key, file })] += 1
      }
    }
    if (!hasNextPage) return tally
  }
}

const copyFile = async ({
  local,
  key,
  file,
}: {
  local: string
  key: string
  file: StoredFile
}): Promise<keyof Tally> => {
  if (await isInBucket(key)) return 'skipped'
  const data = await readFile(local).catch(() => null)
  if (!data) {
    console.warn(`missing on disk: ${local} (for ${key})`)
    return 'missing'
  }
  await client.putObject({
    Bucket: bucket,
    Key: key,
    Body: data,
    ContentType: file.mimeType ?? undefined,
  })
  console.log(`copied ${key}`)
  return 'copied'
}

const isInBucket = async (key: string) => {
  try {
    await client.headObject({ Bucket: bucket, Key: key })
    return true
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return false
    }
    throw error
  }
}

const missing = await withPayload(async (payload) => {
  let missingFiles = 0
  for (const slug of Object.keys(STORED_COLLECTIONS) as StoredCollection[]) {
    const { copied, skipped, missing } = await copyCollection(payload, slug)
    console.log(
      `${slug}: ${copied} copied, ${skipped} already in the bucket, ${missing} missing on disk`,
    )
    missingFiles += missing
  }
  return missingFiles
})
client.destroy()
process.exit(missing ? 1 : 0)
