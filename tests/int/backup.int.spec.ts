import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LAST_BACKUP_KEY } from '@/lib/backups'
import { attachmentsDir, mediaDir } from '@/server/env'

import {
  type Manifest,
  filesUnder,
  pgProgram,
  sha256OfFile,
  tableSums,
} from '../../scripts/lib/backup'
import { dropDatabase, uniqueDatabaseName, withDatabase } from '../../scripts/lib/databases'
import { SERVER_SCRIPT, runQuietly } from '../../scripts/lib/run'
import { createMember, createResource } from '../helpers/directory'
import { PNG } from '../helpers/forms'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

/**
 * `npm run backup` and `npm run restore` with files on disk (the bucket's way is the two-instance
 * step's): this worker's database and folders, backed up and restored into a fresh database and
 * fresh folders, compared table by table and file by file.
 */
let payload: Payload
const scratch = mkdtempSync(path.join(tmpdir(), 'obzor-backup-'))
const restoredName = uniqueDatabaseName('restored')
const restoredUrl = withDatabase(process.env.DATABASE_URL!, restoredName)
const restoredFolders = {
  MEDIA_DIR: path.join(scratch, 'restored', 'media'),
  ATTACHMENTS_DIR: path.join(scratch, 'restored', 'attachments'),
}

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(async () => {
  await releasePayload()
  await dropDatabase(process.env.DATABASE_URL!, restoredName)
  rmSync(scratch, { recursive: true, force: true })
})

const script = (name: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) =>
  runQuietly({
    command: 'node',
    args: [...SERVER_SCRIPT, `scripts/${name}.ts`, ...args],
    env: { ...process.env, ...env },
  })

const sumsOf = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await tableSums(client)
  } finally {
    await client.end()
  }
}

/** Each file of a folder, by its path, with its SHA-256. */
const folderSums = async (folder: string, skip: string[] = []) =>
  Object.fromEntries(
    await Promise.all(
      (await filesUnder(folder, skip)).map(async (file) => [
        file,
        await sha256OfFile(path.join(folder, file)),
      ]),
    ),
  )

/**
 * pg_dump refuses a server newer than itself: the step runs on the machine's PostgreSQL (CI's),
 * not on an embedded PostgreSQL newer than the machine's client programs (README, "Backups").
 */
const versionOf = (text: string) => Number(text.match(/(\d+)/)?.[1] ?? 0)
const clientVersion = versionOf(
  (await runQuietly({ command: pgProgram('pg_dump'), args: ['--version'] })).output,
)
const serverVersion = await (async () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  const { rows } = await client.query(`SELECT current_setting('server_version') AS version`)
  await client.end()
  return versionOf(rows[0].version)
})()

describe.skipIf(clientVersion < serverVersion)('a backup and its restore', () => {
  it('should bring back every row and every file into an empty database and folders', async () => {
    // Something of everything: members, a resource, a review, a picture.
    const { user, token } = await createMember({ payload })
    const resource = await createResource({ payload })
    await rest('POST', '/add-reviews', {
      token,
      body: { resource_id: resource.id, grade: 4, comment: 'Kept through a backup.' },
    })
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'kept.png')
    form.append('_payload', JSON.stringify({ alt: 'Kept' }))
    expect((await rest('POST', '/media', { token, body: form })).status).toBe(201)

    const backupDir = path.join(scratch, 'backup')
    const backup = await script('backup', ['--to', backupDir])
    expect(backup.code, backup.output).toBe(0)
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'))
    const { database, files } = manifest as Manifest
    expect(database.tables.users.rows).toBeGreaterThan(0)
    expect(files.storage).toBe('disk')
    expect(files.entries.some((entry) => entry.path.startsWith('media/kept'))).toBe(true)

    const restore = await script('restore', ['--from', backupDir], {
      DATABASE_URL: restoredUrl,
      ...restoredFolders,
    })
    expect(restore.code, restore.output).toBe(0)
    expect(await sumsOf(restoredUrl)).toEqual(database.tables)
    // The site's database says when it was last backed up, and where to (the metrics read it).
    const live = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await live.connect()
    const recorded = await live.query('SELECT data FROM payload_kv WHERE key = $1', [
      LAST_BACKUP_KEY,
    ])
    await live.end()
    expect(recorded.rows[0]?.data).toMatchObject({ location: path.resolve(backupDir) })
    expect(await folderSums(restoredFolders.MEDIA_DIR)).toEqual(
      await folderSums(mediaDir(), [attachmentsDir()]),
    )
    expect(await folderSums(restoredFolders.ATTACHMENTS_DIR)).toEqual(
      await folderSums(attachmentsDir()),
    )
    const client = new pg.Client({ connectionString: restoredUrl })
    await client.connect()
    const { rows } = await client.query('SELECT email FROM users WHERE id = $1', [user.id])
    await client.end()
    expect(rows[0].email).toBe(user.email)

    // Restoring again over what is there refuses, and changes nothing.
    const again = await script('restore', ['--from', backupDir], {
      DATABASE_URL: restoredUrl,
      ...restoredFolders,
    })
    expect(again.code).toBe(2)
    expect(again.output).toMatch(/not empty/)
    expect(await sumsOf(restoredUrl)).toEqual(database.tables)
    // Three scripts, each a Node process of its own that loads the server's code (16 s in CI).
  }, 90_000)

  it('should refuse a backup whose dump is not the one it wrote', async () => {
    const backupDir = path.join(scratch, 'backup')
    const manifestFile = path.join(backupDir, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
    const other = path.join(scratch, 'tampered')
    const copy = await runQuietly({ command: 'cp', args: ['-r', backupDir, other] })
    expect(copy.code).toBe(0)
    await runQuietly({
      command: 'sh',
      args: ['-c', `printf x >> ${path.join(other, manifest.database.file)}`],
    })
    const restore = await script('restore', ['--from', other], {
      DATABASE_URL: withDatabase(process.env.DATABASE_URL!, uniqueDatabaseName('never')),
      MEDIA_DIR: path.join(scratch, 'never', 'media'),
      ATTACHMENTS_DIR: path.join(scratch, 'never', 'attachments'),
    })
    expect([restore.code, /SHA-256 differs/.test(restore.output)]).toEqual([1, true])
  })
})
