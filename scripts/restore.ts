import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3 } from '@aws-sdk/client-s3'
import pg from 'pg'

import { attachmentsDir, mediaDir } from '@/server/env'
import { bucketSettings } from '@/server/fileStorage'

import {
  AREAS,
  FILES,
  MANIFEST,
  type Manifest,
  differences,
  isEmptyFolder,
  option,
  pgProgram,
  run,
  sha256Of,
  sha256OfFile,
  tableSums,
  writeHashed,
} from './lib/backup'
import { createDatabase, withDatabase } from './lib/databases'
import { resolveDatabase } from './lib/resolveDatabase'

/**
 * `npm run restore -- --from DIR`: a backup of `npm run backup` into an empty database
 * (DATABASE_URL; made if it does not exist) and empty storage (the S3 bucket when S3_BUCKET is
 * set, else MEDIA_DIR and ATTACHMENTS_DIR), then every table's row count and checksum and every
 * file's SHA-256 compared with the manifest. Exits 1 on any difference, 2 when it will not start.
 */
const started = Date.now()
const source = option('from')
if (!source) {
  console.error('Usage: npm run restore -- --from DIR (a folder npm run backup wrote)')
  process.exit(2)
}
const from = path.resolve(source)
const manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8')) as Manifest
const problems: string[] = []
const dumpFile = path.join(from, manifest.database.file)
if ((await sha256OfFile(dumpFile)) !== manifest.database.sha256) {
  console.error(`${dumpFile} is not the file the backup wrote (its SHA-256 differs).`)
  process.exit(1)
}

const settings = bucketSettings()
const s3 = settings ? new S3(settings.client) : null
const folders = { media: mediaDir(), attachments: attachmentsDir() }
const storageIsEmpty = async () => {
  if (!settings || !s3) {
    return (await Promise.all(AREAS.map((area) => isEmptyFolder(folders[area])))).every(Boolean)
  }
  for (const area of AREAS) {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${area}/`, MaxKeys: 1 }),
    )
    if (listed.KeyCount) return false
  }
  return true
}
if (!(await storageIsEmpty())) {
  console.error('The file storage is not empty: a backup is restored into empty storage.')
  process.exit(2)
}

const { databaseUrl, embedded } = await resolveDatabase()
const name = new URL(databaseUrl).pathname.slice(1)
await createDatabase(withDatabase(databaseUrl, 'postgres'), name)
const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
try {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
  )
  if (rows[0].n > 0) {
    console.error(`The database ${name} is not empty: a backup is restored into an empty one.`)
    process.exit(2)
  }
  await run(pgProgram('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    dumpFile,
  ])
  problems.push(...differences(manifest.database.tables, await tableSums(client)))
} finally {
  await client.end()
  await embedded?.stop()
}

for (const entry of manifest.files.entries) {
  const copy = path.join(from, FILES, entry.path)
  const [area, ...rest] = entry.path.split('/')
  if (settings && s3) {
    await s3.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: entry.path,
        Body: await readFile(copy),
        ContentType: entry.contentType,
      }),
    )
    const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: entry.path }))
    if ((await sha256Of(object.Body as Readable)) !== entry.sha256) {
      problems.push(`${entry.path}: the bucket does not hold the file the backup has`)
    }
  } else {
    const folder = folders[area as (typeof AREAS)[number]]
    if (!folder) {
      problems.push(`${entry.path}: no storage area named ${area}`)
      continue
    }
    const written = await writeHashed(createReadStream(copy), path.join(folder, ...rest))
    if (written.sha256 !== entry.sha256) problems.push(`${entry.path}: its copy differs`)
  }
}
s3?.destroy()

const tables = Object.keys(manifest.database.tables).length
if (problems.length) {
  console.error(`The restore differs from the backup:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(
  `Restored ${from} (made ${manifest.createdAt}, build ${manifest.build ?? 'unknown'}) in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s: ${tables} tables and ` +
    `${manifest.files.entries.length} files, each the same as when it was backed up.`,
)
