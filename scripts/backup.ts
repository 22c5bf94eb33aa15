import { createReadStream } from 'node:fs'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

import { GetObjectCommand, S3, paginateListObjectsV2 } from '@aws-sdk/client-s3'
import pg from 'pg'

import { LAST_BACKUP_KEY, type LastBackup } from '@/lib/backups'
import { attachmentsDir, exportsDir, mediaDir } from '@/server/env'
import { bucketSettings } from '@/server/fileStorage'

import {
  AREAS,
  DUMP,
  FILES,
  type FileEntry,
  MANIFEST,
  type Manifest,
  buildId,
  filesUnder,
  isEmptyFolder,
  megabytes,
  option,
  pgProgram,
  run,
  sha256OfFile,
  tableSums,
  writeHashed,
} from './lib/backup'
import { resolveDatabase } from './lib/resolveDatabase'

/**
 * `npm run backup [-- --to DIR]`: the database (DATABASE_URL) and every stored file (the S3
 * bucket when S3_BUCKET is set, else MEDIA_DIR and ATTACHMENTS_DIR) into DIR, which must be empty
 * (default `.data/backups/<time>`), with a manifest (scripts/lib/backup.ts). `npm run restore`
 * brings it back. The database is dumped in one snapshot, the row counts and checksums read in
 * the same one; the files are copied after it, so every file a row names is there.
 */
const started = Date.now()
const target = path.resolve(
  option('to') ?? path.join('.data', 'backups', new Date().toISOString().replace(/[:.]/g, '-')),
)
if (!(await isEmptyFolder(target))) {
  console.error(`${target} is not empty: a backup goes into an empty folder.`)
  process.exit(2)
}
await mkdir(target, { recursive: true })

const { databaseUrl, embedded } = await resolveDatabase()
const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
let tables: Manifest['database']['tables']
let serverVersion: string
try {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
  const { rows } = await client.query<{ snapshot: string; version: string }>(
    `SELECT pg_export_snapshot() AS snapshot, current_setting('server_version') AS version`,
  )
  serverVersion = rows[0].version
  await run(pgProgram('pg_dump'), [
    '--format=custom',
    `--snapshot=${rows[0].snapshot}`,
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(target, DUMP)}`,
    `--dbname=${databaseUrl}`,
  ])
  tables = await tableSums(client)
  await client.query('COMMIT')
} catch (error) {
  await embedded?.stop()
  throw error
} finally {
  await client.end()
}

const copyFiles = async (): Promise<Manifest['files']> => {
  const settings = bucketSettings()
  const entries: FileEntry[] = []
  if (settings) {
    const s3 = new S3(settings.client)
    for (const area of AREAS) {
      const pages = paginateListObjectsV2(
        { client: s3 },
        { Bucket: settings.bucket, Prefix: `${area}/` },
      )
      for await (const page of pages) {
        for (const { Key: key } of page.Contents ?? []) {
          if (!key) continue
          const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }))
          const written = await writeHashed(object.Body as Readable, path.join(target, FILES, key))
          entries.push({ path: key, ...written, contentType: object.ContentType })
        }
      }
    }
    s3.destroy()
    return { storage: 's3', entries }
  }
  const folders = { media: mediaDir(), attachments: attachmentsDir() }
  for (const area of AREAS) {
    // The members' data archives are not backed up, wherever EXPORTS_DIR lies (they live a day).
    const others = [
      ...AREAS.filter((other) => other !== area).map((other) => folders[other]),
      exportsDir(),
    ]
    for (const file of await filesUnder(folders[area], others)) {
      const key = `${area}/${file.split(path.sep).join('/')}`
      const written = await writeHashed(
        createReadStream(path.join(folders[area], file)),
        path.join(target, FILES, key),
      )
      entries.push({ path: key, ...written })
    }
  }
  return { storage: 'disk', entries }
}

const files = await copyFiles()
const manifest: Manifest = {
  format: 1,
  createdAt: new Date(started).toISOString(),
  build: buildId(),
  database: {
    file: DUMP,
    sha256: await sha256OfFile(path.join(target, DUMP)),
    serverVersion,
    tables,
  },
  files,
}
await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)

const dumpSize = (await stat(path.join(target, DUMP))).size
const fileBytes = files.entries.reduce((sum, entry) => sum + entry.size, 0)
// The last backup that succeeded, for the metrics and the admins (LAST_BACKUP_KEY), on a
// connection of its own: copying the files may take longer than a server keeps one idle.
const recorder = new pg.Client({ connectionString: databaseUrl })
try {
  await recorder.connect()
  await recorder.query(
    `INSERT INTO payload_kv (key, data) VALUES ($1, $2)
      ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data`,
    [
      LAST_BACKUP_KEY,
      {
        finishedAt: new Date().toISOString(),
        location: target,
        bytes: dumpSize + fileBytes,
        build: manifest.build,
      } satisfies LastBackup,
    ],
  )
} finally {
  await recorder.end()
  await embedded?.stop()
}

const rows = Object.values(tables).reduce((sum, table) => sum + table.rows, 0)
console.log(
  `Backup written to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s: the database ` +
    `${megabytes(dumpSize)} (${Object.keys(tables).length} tables, ${rows} rows), ` +
    `${files.entries.length} files of ${files.storage === 's3' ? 'the bucket' : 'the disk'} ${megabytes(fileBytes)}.`,
)
