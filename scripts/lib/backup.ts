import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import pg from 'pg'

import { pgBinDir, releaseBuildId } from '@/server/env'

/**
 * A backup is a folder: `database.dump` (pg_dump's custom format, taken in one snapshot),
 * `files/` (every stored file, under `media/…` and `attachments/…`, from the disk folders or the
 * S3 bucket's keys of the same names) and `manifest.json`, which says when and of which build it
 * was made, each table's row count and content checksum in that snapshot, and each file's size
 * and SHA-256. A restore checks all of them against what it restored.
 */
export type TableSum = { rows: number; checksum: string }
export type FileEntry = { path: string; size: number; sha256: string; contentType?: string }
export type Manifest = {
  format: 1
  createdAt: string
  build: string | null
  database: {
    file: string
    sha256: string
    serverVersion: string
    tables: Record<string, TableSum>
  }
  files: { storage: 'disk' | 's3'; entries: FileEntry[] }
}

export const MANIFEST = 'manifest.json'
export const DUMP = 'database.dump'
export const FILES = 'files'
/** The stored files' two areas: the keys' prefixes in the bucket, the folders on disk. */
export const AREAS = ['media', 'attachments'] as const

/** PostgreSQL's client programs: from PG_BIN_DIR when set (they must be as new as the server). */
export const pgProgram = (name: 'pg_dump' | 'pg_restore') => {
  const folder = pgBinDir()
  return folder ? path.join(folder, name) : name
}

/** Runs a program; fails with what it wrote to stderr. */
export const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`)),
    )
  })

/**
 * Every table of the `public` schema: its row count and a checksum of its rows' text, in any
 * order (the MD5 of the sorted MD5s of the rows), read in the client's current transaction.
 */
export const tableSums = async (client: pg.Client): Promise<Record<string, TableSum>> => {
  await client.query(`SET TimeZone = 'UTC'`)
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )
  const sums: Record<string, TableSum> = {}
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: number; checksum: string }>(
      `SELECT count(*)::int AS rows,
        coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS checksum
        FROM public.${client.escapeIdentifier(name)} t`,
    )
    sums[name] = rows[0]
  }
  return sums
}

/** Tables whose count or checksum differs between two sets of sums (missing ones included). */
export const differences = (expected: Record<string, TableSum>, actual: Record<string, TableSum>) =>
  [...new Set([...Object.keys(expected), ...Object.keys(actual)])]
    .sort()
    .filter(
      (name) =>
        expected[name]?.rows !== actual[name]?.rows ||
        expected[name]?.checksum !== actual[name]?.checksum,
    )
    .map(
      (name) =>
        `${name}: ${expected[name]?.rows ?? 'absent'} rows expected, ${actual[name]?.rows ?? 'absent'} found${
          expected[name] && actual[name] && expected[name].rows === actual[name].rows
            ? ' (contents differ)'
            : ''
        }`,
    )

/** Writes `source` to `target`, answering its size and SHA-256. */
export const writeHashed = async (source: Readable, target: string) => {
  await mkdir(path.dirname(target), { recursive: true })
  const hash = createHash('sha256')
  let size = 0
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  await pipeline(source, tap, createWriteStream(target))
  return { size, sha256: hash.digest('hex') }
}

/** The SHA-256 of a stream's bytes. */
export const sha256Of = async (source: Readable) => {
  const hash = createHash('sha256')
  for await (const chunk of source) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

export const sha256OfFile = (file: string) => sha256Of(createReadStream(file))

/** Every file under `root` (none if it does not exist), as paths relative to it, except under `skip`. */
export const filesUnder = async (root: string, skip: string[] = []): Promise<string[]> => {
  if (!existsSync(root)) return []
  const found: string[] = []
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (skip.some((other) => path.resolve(full) === path.resolve(other))) continue
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile()) found.push(path.relative(root, full))
    }
  }
  await walk(root)
  return found.sort()
}

/** Whether `folder` is missing or holds no file. */
export const isEmptyFolder = async (folder: string) =>
  !existsSync(folder) ||
  ((await stat(folder)).isDirectory() && (await filesUnder(folder)).length === 0)

/** The build the checkout last built (`.next/BUILD_ID`), or BUILD_ID, or null. */
export const buildId = () => {
  const file = path.join('.next', 'BUILD_ID')
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : releaseBuildId()
}

/** `--name value` from the command line. */
export const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
