import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { deserialize } from 'node:v8'

import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_LOGIN_ATTEMPTS, RATE_LIMITS } from '@/lib/limits'
import { type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { EMAIL_QUEUE } from '@/server/jobQueues'

import { type Cluster, type WebInstance, startCluster, startWeb } from '../../scripts/lib/cluster'
import { createDatabase, dropDatabase, withDatabase } from '../../scripts/lib/databases'
import { freePort } from '../../scripts/lib/ports'
import { SERVER_SCRIPT, runQuietly } from '../../scripts/lib/run'
import { FAST_PASSWORD_HASHING } from '../helpers/fastPasswords'
import { PNG } from '../helpers/forms'
import { receivedTo, refuseMail, refusedSoFar, startMailbox } from '../helpers/mailbox'
import { startS3Server } from '../helpers/s3Server'
import { createTestDatabase } from '../helpers/testDatabase'

/**
 * The site on several machines, as deploy/ runs it: two web instances (A and B), the jobs worker,
 * one PostgreSQL, one Redis (the test's own, killed and started again), one S3-compatible store
 * (s3rver), a balancer in front. Each journey crosses from one instance to the other.
 */
const database = await createTestDatabase('cluster')
const s3 = await startS3Server({ bucket: 'cluster' })
const mailbox = await startMailbox()
const secret = 'cluster-test-secret'
// Each instance's own folder: a file must come from the bucket to be seen by the other.
const mediaDir = mkdtempSync(path.join(tmpdir(), 'obzor-cluster-media-'))
const metricsToken = 'cluster-metrics-token'
const workerPort = await freePort()
const shared = {
  PAYLOAD_SECRET: secret,
  MEDIA_DIR: mediaDir,
  ATTACHMENTS_DIR: path.join(mediaDir, 'attachments'),
  ...s3.env,
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(mailbox.port),
  EMAIL_FROM: 'no-reply@example.com',
  // Due jobs are looked for every second, not every minute.
  JOBS_AUTORUN_CRON: '* * * * * *',
  METRICS_TOKEN: metricsToken,
  WORKER_HEALTH_PORT: String(workerPort),
  ...FAST_PASSWORD_HASHING,
}

const databaseName = new URL(database.url).pathname.slice(1)
const serverUrl = withDatabase(database.url, 'postgres')
const replicaName = `${databaseName}_replica`

let cluster: Cluster
let replicaReader: WebInstance | undefined
let a: string
let b: string
let editorToken: string

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const until = async (condition: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return true
    await pause(100)
  }
  return false
}

/**
 * Brings the next try of a mail to `to` that waits after a failed one to now, on the database as
 * an operator with psql would; how many it moved (none until the failed try is recorded).
 */
const retryMailNow = async (to: string) => {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rowCount } = await client.query(
      `UPDATE payload_jobs SET wait_until = now()
        WHERE queue = $1 AND completed_at IS NULL AND total_tried > 0 AND wait_until > now()
          AND position($2 in input -> 'message' ->> 'to') > 0`,
      [EMAIL_QUEUE, to],
    )
    return rowCount
  } finally {
    await client.end()
  }
}

let peer = 0
/** Each call from a client address of its own (the instances trust the loopback's header). */
const call = async (
  base: string,
  method: string,
  route: string,
  { token, body, address }: { token?: string; body?: unknown; address?: string } = {},
) => {
  peer += 1
  const answer = await fetch(`${base}${route}`, {
    method,
    headers: {
      'X-Forwarded-For': address ?? `198.51.100.${(peer % 250) + 1}`,
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  const json = (() => {
    try {
      return JSON.parse(text)
    } catch {
      return null // a page or a stream
    }
  })()
  return { status: answer.status, headers: answer.headers, json, text }
}

const signIn = async (base: string, login: string, password = 'demo12345') => {
  const { status, json } = await call(base, 'POST', '/api/login', { body: { login, password } })
  expect(status).toBe(200)
  return json!.user.token as string
}

beforeAll(async () => {
  const seeded = await runQuietly({
    command: 'node',
    args: [...SERVER_SCRIPT, 'scripts/seed.ts'],
    env: { ...process.env, ...shared, DATABASE_URL: database.url, NODE_ENV: 'development' },
  })
  if (seeded.code !== 0) throw new Error(`Seeding failed:\n${seeded.output}`)
  // A read replica that never catches up: a copy of the database as seeded (see below).
  await createDatabase(serverUrl, replicaName, { template: databaseName })
  cluster = await startCluster({ databaseUrl: database.url, env: shared })
  ;[a, b] = cluster.webs.map((web) => web.url)
  editorToken = await signIn(a, 'editor')
})

afterAll(async () => {
  await replicaReader?.stop()
  await cluster?.stop()
  await dropDatabase(serverUrl, replicaName)
  await database.drop()
  await s3.close()
  await mailbox.close()
  rmSync(mediaDir, { recursive: true, force: true })
})

/** A published marketplace of its own, made by the admin through instance A. */
const newResource = async () => {
  const admin = await signIn(a, 'admin')
  const title = `Cluster market ${Date.now().toString(36)}`
  const { status, json } = await call(a, 'POST', '/api/resources', {
    token: admin,
    body: {
      type: 'marketplace',
      title,
      anons: 'Seen from every instance',
      links: [{ url: 'https://example.com' }],
      status: 'published',
    },
  })
  expect(status).toBe(201)
  return { id: json!.doc.id as number, page: `/resources/marketplaces/${json!.doc.slug}`, title }
}

describe('one site on two instances', () => {
  it('should honour on B a session made on A, and end it on both', async () => {
    const token = await signIn(a, 'user')
    const me = await call(b, 'GET', '/api/users/me', { token })
    expect(me.json?.user?.username).toBe('user')
    expect((await call(b, 'POST', '/api/users/logout', { token })).status).toBe(200)
    const after = await call(a, 'GET', '/api/users/me', { token })
    expect(after.json?.user ?? null).toBeNull()
  })

  it('should count sign-in attempts on A and B against one limit', async () => {
    // Payload's lockout (kept on the account) or the per-account limit, whichever comes first.
    const allowed = Math.min(MAX_LOGIN_ATTEMPTS, RATE_LIMITS.loginPerAccount.points)
    for (let attempt = 0; attempt < allowed; attempt += 1) {
      const at = attempt % 2 === 0 ? a : b
      const { status } = await call(at, 'POST', '/api/login', {
        body: { login: 'owner', password: `wrong-${attempt}` },
      })
      expect(status).toBe(422)
    }
    const refused = await call(b, 'POST', '/api/login', {
      body: { login: 'owner', password: 'demo12345' },
    })
    expect(refused.status).toBe(429)
  })

  it('should serve on B from the shared cache a page A rendered, and a review posted on A there within a second', async () => {
    const resource = await newResource()
    const comment = `Reviewed on A at ${Date.now()}`
    expect(
      await until(
        async () => (await call(a, 'GET', resource.page)).headers.get('x-nextjs-cache') === 'HIT',
      ),
    ).toBe(true)
    const cached = await call(b, 'GET', resource.page)
    expect(cached.headers.get('x-nextjs-cache')).toBe('HIT')
    expect(cached.text).not.toContain(comment)
    const token = await signIn(a, 'user')
    const posted = await call(a, 'POST', '/api/add-reviews', {
      token,
      body: { resource_id: resource.id, grade: 5, comment },
    })
    expect(posted.status).toBe(200)
    // The first visit to B sent within a second of the answer shows it (its render may take
    // longer on a busy machine: that is not the cache's delay).
    const answered = Date.now()
    let sentAt = 0
    const seen = await until(async () => {
      sentAt = Date.now()
      return (await call(b, 'GET', resource.page)).text.includes(comment)
    })
    expect(seen).toBe(true)
    expect(sentAt - answered).toBeLessThan(1_000)
  })

  it('should deliver to a reader on B a chat message written on A', async () => {
    const reader = new AbortController()
    const stream = await fetch(`${b}/api/chat-stream`, { signal: reader.signal })
    expect(stream.status).toBe(200)
    const text = `Hello from A ${Date.now()}`
    let received = ''
    const reading = (async () => {
      const decoder = new TextDecoder()
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        received += decoder.decode(chunk, { stream: true })
        if (received.includes(text)) return
      }
    })().catch(() => {})
    const token = await signIn(a, 'user')
    const sent = await call(a, 'POST', '/api/add-chat-message', { token, body: { text } })
    expect(sent.status).toBe(200)
    expect(await until(async () => received.includes(text), 5_000)).toBe(true)
    reader.abort()
    await reading
  })

  it('should publish a scheduled news item once, whichever process runs the jobs', async () => {
    const title = `Scheduled on A ${Date.now()}`
    const draft = await call(a, 'POST', '/api/news?draft=true&locale=ru', {
      token: editorToken,
      body: { title, _status: 'draft', content: paragraph('Written for later.') },
    })
    expect(draft.status).toBe(201)
    const id = draft.json!.doc.id as number
    const scheduled = await call(b, 'POST', '/api/payload-jobs', {
      token: editorToken,
      body: {
        taskSlug: 'schedulePublish',
        waitUntil: new Date(Date.now() + 1_500).toISOString(),
        input: { type: 'publish', doc: { relationTo: 'news', value: String(id) } },
      },
    })
    expect(scheduled.status).toBe(201)
    expect(
      await until(async () => {
        const { json } = await call(a, 'GET', `/api/news/${id}`, { token: editorToken })
        return json?._status === 'published'
      }, 20_000),
    ).toBe(true)
    // Every process has looked for due jobs a few times since: still one publication.
    await pause(3_000)
    const versions = await call(
      a,
      'GET',
      `/api/news/versions?where[parent][equals]=${id}&limit=50`,
      {
        token: editorToken,
      },
    )
    const published = (versions.json?.docs ?? []).filter(
      (version: { version: { _status: string } }) => version.version._status === 'published',
    )
    expect(published).toHaveLength(1)
  })
})

describe('mail from the worker', () => {
  it('should deliver a registration code once, though the mail server refused the first attempt', async () => {
    const id = Date.now().toString(36)
    const email = `cluster${id}@example.com`
    refuseMail({ count: 1 })
    const refusedBefore = refusedSoFar()
    const registered = await call(a, 'POST', '/api/register-user', {
      body: {
        login: `cluster${id}`,
        email,
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
        display_name: `Cluster ${id}`,
        consent: true,
      },
    })
    expect(registered.status).toBe(200)
    // The worker's first try is refused; the next, 15 s later, delivers: the clock is moved on
    // to that try (its time brought to now) instead of waited for.
    expect(await until(async () => (await retryMailNow(email)) === 1)).toBe(true)
    expect(await until(async () => receivedTo(email).length > 0)).toBe(true)
    expect(refusedSoFar()).toBe(refusedBefore + 1)
    await pause(2_000)
    expect(receivedTo(email)).toHaveLength(1)
    expect(receivedTo(email)[0].text).toMatch(/\b\d{6}\b/)
  }, 60_000)
})

describe('files on two instances', () => {
  /** Sends a form (multipart) as `token`'s holder. */
  const send = async (base: string, route: string, form: FormData, token: string) => {
    const answer = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}`, 'X-Forwarded-For': '198.51.100.77' },
      body: form,
    })
    return { status: answer.status, json: await answer.json() }
  }

  it('should serve from B a picture uploaded through A', async () => {
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'uploaded-on-a.png')
    form.append('_payload', JSON.stringify({ alt: 'Uploaded on A' }))
    const uploaded = await send(a, '/api/media', form, await signIn(a, 'user'))
    expect(uploaded.status).toBe(201)
    const [fromA, fromB] = await Promise.all(
      [a, b].map((base) => fetch(`${base}/api/media/file/${uploaded.json.doc.filename}`)),
    )
    expect([fromA.status, fromB.status]).toEqual([200, 200])
    const [bytesA, bytesB] = await Promise.all(
      [fromA, fromB].map(async (answer) => Buffer.from(await answer.arrayBuffer())),
    )
    expect(bytesB.length).toBeGreaterThan(0)
    expect(bytesB.equals(bytesA)).toBe(true)
    expect(await s3.keys('media/')).toContain(`media/${uploaded.json.doc.filename}`)
  })

  it('should give a ticket’s attachment to its author on both, and to a stranger on neither', async () => {
    const author = await signIn(a, 'user')
    const form = new FormData()
    form.append('subject', 'A file for support')
    form.append('message', 'Please look at the picture.')
    form.append('attachments', new Blob([PNG], { type: 'image/png' }), 'private.png')
    const opened = await send(a, '/api/add-requests', form, author)
    expect(opened.status).toBe(200)
    const url = new URL(opened.json.ticket.messages[0].attachments[0].url)
    const stranger = await signIn(b, 'forum-operator')
    for (const base of [a, b]) {
      const own = await fetch(`${base}${url.pathname}`, {
        headers: { Authorization: `JWT ${author}` },
      })
      expect(own.status).toBe(200)
      for (const headers of [{}, { Authorization: `JWT ${stranger}` }] as Record<
        string,
        string
      >[]) {
        expect([403, 404]).toContain((await fetch(`${base}${url.pathname}`, { headers })).status)
      }
    }
  })
})

describe('read replicas', () => {
  /**
   * Instance C reads from a "replica" that stopped at the seed, so each read shows where it went:
   * a guest's reads may go to the replica; a signed-in visitor's, a write's and the cached pages'
   * reads go to the primary.
   */
  let c: string
  beforeAll(async () => {
    replicaReader = await startWeb({
      name: 'web-c',
      port: await freePort(),
      env: {
        ...process.env,
        ...shared,
        DATABASE_URL: database.url,
        DATABASE_REPLICA_URLS: withDatabase(database.url, replicaName),
        REDIS_URL: cluster.redis!.url,
        TRUSTED_PROXIES: '127.0.0.1, ::1',
        JOBS_AUTORUN: 'false',
      },
    })
    c = replicaReader.url
  })

  it('should read a guest’s API call from the replica, a signed-in visitor’s from the primary', async () => {
    const resource = await newResource()
    // Payload also reads from the primary for 2 s after the process's own last write (C's start).
    // What C answered, should it never answer 404: 200s say its reads went to the primary.
    const answers: number[] = []
    const fromReplica = await until(async () => {
      const { status } = await call(c, 'GET', `/api/resources/${resource.id}`)
      answers.push(status)
      return status === 404
    })
    expect(fromReplica, `C answered ${answers.join(', ')}`).toBe(true)
    const token = await signIn(c, 'user')
    const signedIn = await call(c, 'GET', `/api/resources/${resource.id}`, { token })
    expect(signedIn.status).toBe(200)
    expect(signedIn.json?.title).toBe(resource.title)
  })

  it('should let a writer read their own write at once, and refuse an ended session at once', async () => {
    const resource = await newResource()
    const token = await signIn(c, 'user')
    const comment = `Written and read on C ${Date.now()}`
    const posted = await call(c, 'POST', '/api/add-reviews', {
      token,
      body: { resource_id: resource.id, grade: 4, comment },
    })
    expect(posted.status).toBe(200)
    const mine = await call(c, 'POST', '/api/get-my-reviews', { token, body: {} })
    expect(mine.text).toContain(comment)
    expect((await call(a, 'POST', '/api/users/logout', { token })).status).toBe(200)
    expect((await call(c, 'GET', '/api/users/me', { token })).json?.user ?? null).toBeNull()
  })

  it('should fill a guest’s cached page from the primary', async () => {
    const resource = await newResource()
    const page = await call(c, 'GET', resource.page)
    expect(page.status).toBe(200)
    expect(page.text).toContain(resource.title)
  })
})

describe('what the shared page cache holds', () => {
  /** Every string of an entry as V8 stored it: its texts, and its buffers (a page's RSC) as UTF-8. */
  const textsOf = (value: unknown, out: string[] = []): string[] => {
    if (typeof value === 'string') out.push(value)
    else if (ArrayBuffer.isView(value)) {
      out.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8'))
    } else if (value instanceof Map) textsOf([...value.entries()], out)
    else if (value instanceof Set) textsOf([...value], out)
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        out.push(key)
        textsOf(inner, out)
      }
    }
    return out
  }

  it('should keep nobody’s email, phone, session or settings after every public page type rendered', async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const rows = async <T>(query: string) => (await client.query(query)).rows as T[]
    try {
      const resources = await rows<{ type: ResourceType; slug: string }>(
        `SELECT type, slug FROM resources WHERE status = 'published' AND owner_id IS NOT NULL
          ORDER BY review_count DESC LIMIT 3`,
      )
      const [news] = await rows<{ slug: string }>(
        `SELECT slug FROM news WHERE _status = 'published' LIMIT 1`,
      )
      const [post] = await rows<{ slug: string }>(
        `SELECT slug FROM posts WHERE _status = 'published' LIMIT 1`,
      )
      const [info] = await rows<{ slug: string }>(
        `SELECT slug FROM pages WHERE _status = 'published' LIMIT 1`,
      )
      const paths = [
        '/',
        '/resources/marketplaces',
        '/resources/exchangers?sort=newest',
        ...resources.flatMap(({ type, slug }) => [
          `/resources/${prefixOf(type)}/${slug}`,
          `/en/og/resources/${prefixOf(type)}/${slug}`,
        ]),
        '/news',
        `/news/${news!.slug}`,
        '/posts',
        `/en/posts/${post!.slug}`,
        `/informations/${info!.slug}`,
        '/faqs',
        '/status-changes/rss.xml',
        '/news/rss.xml',
        '/search?q=market',
      ]
      for (const path of paths) {
        for (const at of [a, b]) expect((await call(at, 'GET', path)).status, path).toBe(200)
      }
      const emails = await rows<{ value: string }>(`SELECT email AS value FROM users`)
      const phones = await rows<{ value: string }>(
        `SELECT phone AS value FROM users WHERE coalesce(phone, '') <> ''`,
      )
      const sessions = await rows<{ value: string }>(`SELECT id AS value FROM users_sessions`)
      expect(emails.length).toBeGreaterThan(3)
      expect(sessions.length).toBeGreaterThan(0)

      const redis = new Redis(cluster.redis!.url)
      const texts: string[] = []
      try {
        for await (const keys of redis.scanStream({ match: 'obzor:pages:*', count: 500 })) {
          for (const key of keys as string[]) {
            if ((await redis.type(key)) !== 'hash') continue
            const value = await redis.hgetBuffer(key, 'v')
            if (value) textsOf(deserialize(value), texts)
          }
        }
      } finally {
        redis.disconnect()
      }
      const cached = texts.join('\n')
      // The pages were stored: the check below looks at something.
      expect(cached).toContain(resources[0]!.slug)
      const private_ = [
        ...[...emails, ...phones, ...sessions].map((row) => row.value),
        'consentVersion',
        'notificationEmail',
        'blockReason',
        'totpSecret',
        'googleSubject',
        'pendingPgpKey',
      ]
      expect(private_.filter((text) => cached.includes(text))).toEqual([])
    } finally {
      await client.end()
    }
  })
})

describe('Redis going away and coming back', () => {
  it('should keep both instances serving, say so once each way, and be coherent once it is back', async () => {
    const resource = await newResource()
    for (const web of cluster.webs) web.clearLog()
    await cluster.redis!.kill()
    for (const at of [a, b]) {
      for (let visit = 0; visit < 3; visit += 1) {
        expect((await call(at, 'GET', '/')).status).toBe(200)
        expect((await call(at, 'GET', resource.page)).status).toBe(200)
      }
      const token = await signIn(at, 'user')
      expect((await call(at, 'GET', '/api/users/me', { token })).json?.user?.username).toBe('user')
    }
    // Every view reported meanwhile is counted (in each instance's memory until Redis is back).
    const reports = await Promise.all(
      Array.from({ length: 30 }, (_, i) => reportView(i % 2 ? a : b, resource.id)),
    )
    expect(reports).toEqual(reports.map(() => 204))
    const during = `Reviewed while Redis was away ${Date.now()}`
    const postedDuring = await call(a, 'POST', '/api/add-reviews', {
      token: await signIn(a, 'chat-muted'),
      body: { resource_id: resource.id, grade: 3, comment: during },
    })
    expect(postedDuring.status).toBe(200)
    await cluster.redis!.start()
    for (const web of cluster.webs) {
      expect(await until(async () => /shared page cache \S+ is back after/.test(web.log()))).toBe(
        true,
      )
      expect(web.log().match(/shared page cache \S+ is away/g), web.log()).toHaveLength(1)
      expect(web.log().match(/shared page cache \S+ is back after/g), web.log()).toHaveLength(1)
    }
    const comment = `Reviewed after Redis came back ${Date.now()}`
    expect((await call(b, 'GET', resource.page)).status).toBe(200)
    const posted = await call(a, 'POST', '/api/add-reviews', {
      token: await signIn(a, 'user'),
      body: { resource_id: resource.id, grade: 4, comment },
    })
    expect(posted.status).toBe(200)
    expect(
      await until(async () => (await call(b, 'GET', resource.page)).text.includes(comment), 1_000),
    ).toBe(true)
    for (const at of [a, b]) expect((await call(at, 'GET', resource.page)).text).toContain(during)
    expect(await until(async () => (await viewsOf(resource.id)) === 30, 15_000)).toBe(true)
  })

  it('should answer a chat post at once with Redis stalled, and show it on B', async () => {
    const text = `Written while Redis stalled ${Date.now()}`
    const token = await signIn(a, 'user')
    cluster.redis!.pause()
    try {
      const started = Date.now()
      const sent = await call(a, 'POST', '/api/add-chat-message', { token, body: { text } })
      expect([sent.status, Date.now() - started < 5_000]).toEqual([200, true])
    } finally {
      cluster.redis!.resume()
    }
    const room = async () => (await call(b, 'GET', '/api/get-chat-messages')).text
    expect(await until(async () => (await room()).includes(text), 5_000)).toBe(true)
  })
})

/** A browser's report of a view of `resource` (a bot's is not counted), from an address of its own. */
const reportView = async (base: string, resource: number) => {
  peer += 1
  const answer = await fetch(`${base}/api/track`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      'X-Forwarded-For': `203.0.113.${(peer % 250) + 1}`,
    },
    body: JSON.stringify({ resource_id: resource, event: 'view' }),
  })
  return answer.status
}

/** The views of `resource` the database holds. */
const viewsOf = async (resource: number) => {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ views: string }>(
      'SELECT coalesce(sum(views), 0) AS views FROM analytics_resource_days WHERE resource_id = $1',
      [resource],
    )
    return Number(rows[0].views)
  } finally {
    await client.end()
  }
}

describe('metrics', () => {
  const scrape = (url: string, authorization?: string) =>
    fetch(url, { headers: authorization ? { Authorization: authorization } : {} }).then(
      async (answer) => ({ status: answer.status, text: await answer.text() }),
    )

  it('should give each process its figures with the token, and answer 404 without it', async () => {
    await call(a, 'GET', '/')
    await call(a, 'GET', '/api/nothing-here')
    const bearer = `Bearer ${metricsToken}`
    const [none, wrong, web] = await Promise.all([
      scrape(`${a}/api/metrics`),
      scrape(`${a}/api/metrics`, `Bearer ${metricsToken}x`),
      scrape(`${a}/api/metrics`, bearer),
    ])
    expect([none.status, wrong.status, web.status]).toEqual([404, 404, 200])
    expect(wrong.text).not.toContain('obzor_')
    for (const series of [
      /obzor_http_request_duration_seconds_count\{group="page",method="GET",status="200"\} [1-9]/,
      /obzor_http_request_duration_seconds_count\{group="api",method="GET",status="404"\} [1-9]/,
      /obzor_db_pool_connections\{pool="primary",state="total"\} \d/,
      /obzor_jobs\{queue="email",state="queued"\} \d/,
      /obzor_page_cache_reads_total\{store="redis",result="hit"\} [1-9]/,
      /obzor_chat_streams \d/,
      /nodejs_heap_size_used_bytes \d/,
    ]) {
      expect(web.text).toMatch(series)
    }
    const worker = `http://127.0.0.1:${workerPort}/metrics`
    const [workerNone, workerFigures] = await Promise.all([scrape(worker), scrape(worker, bearer)])
    expect([workerNone.status, workerFigures.status]).toEqual([404, 200])
    expect(workerFigures.text).toMatch(/obzor_mails_total\{result="sent"\} [1-9]/)
    expect(workerFigures.text).toMatch(/obzor_db_pool_connections\{pool="primary",state="idle"\}/)
  })
})

describe('request logs', () => {
  it('should log each request once under its X-Request-Id, with the member and no token', async () => {
    const web = cluster.webs[0]
    web.clearLog()
    const requestId = `cluster-${Date.now().toString(36)}`
    const token = await signIn(a, 'user')
    const me = await fetch(`${a}/api/users/me`, {
      headers: { 'X-Request-Id': requestId, Authorization: `JWT ${token}` },
    })
    expect(me.headers.get('x-request-id')).toBe(requestId)
    const { id: userId } = ((await me.json()) as { user: { id: number } }).user
    // Not an id: the server gives one of its own.
    const odd = await fetch(`${a}/news`, { headers: { 'X-Request-Id': 'no spaces, please' } })
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    // A token in the address is not written down.
    const secret = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'
    const missing = await fetch(`${a}/api/resources/999999999`, {
      headers: { 'X-Request-Id': `${requestId}-missing` },
    })
    expect(missing.status).toBe(404)
    await fetch(`${a}/password-reset/${secret}`)
    expect(await until(async () => web.log().includes(`GET /password-reset/:token`), 5_000)).toBe(
      true,
    )
    const log = stripVTControlCharacters(web.log())
    expect(log).toContain(`GET /api/users/me 200`)
    expect(log).toMatch(new RegExp(`GET /api/users/me 200 \\d+ ms · ${requestId} · user ${userId}`))
    expect(log.match(new RegExp(`${requestId} `, 'g'))).toHaveLength(1)
    expect(log).not.toContain(secret)
    // The app's own line about the request carries its id too.
    expect(log).toMatch(new RegExp(`requestId: "${requestId}-missing"`))
  })
})

describe('a backup of the site and its bucket', () => {
  it('should restore into a fresh database and bucket a site that serves what it served', async () => {
    const folder = path.join(mediaDir, 'backup')
    const env = { ...process.env, ...shared }
    const backup = await runQuietly({
      command: 'node',
      args: [...SERVER_SCRIPT, 'scripts/backup.ts', '--to', folder],
      env: { ...env, DATABASE_URL: database.url },
    })
    expect(backup.code, backup.output).toBe(0)
    // The backup's success is in the figures Prometheus alerts on when it grows old.
    const figures = await fetch(`${a}/api/metrics`, {
      headers: { Authorization: `Bearer ${metricsToken}` },
    }).then((answer) => answer.text())
    const at = Number(figures.match(/^obzor_backup_last_success_timestamp_seconds (\S+)$/m)?.[1])
    expect(Date.now() / 1000 - at).toBeLessThan(120)
    const bucket = 'cluster-restored'
    await s3.client.createBucket({ Bucket: bucket })
    const restoredName = `${databaseName}_restored`
    const restoredUrl = withDatabase(database.url, restoredName)
    const restore = await runQuietly({
      command: 'node',
      args: [...SERVER_SCRIPT, 'scripts/restore.ts', '--from', folder],
      env: { ...env, DATABASE_URL: restoredUrl, S3_BUCKET: bucket },
    })
    expect(restore.code, restore.output).toBe(0)
    const port = await freePort()
    const restored = await startWeb({
      name: 'web-restored',
      port,
      env: {
        ...env,
        DATABASE_URL: restoredUrl,
        S3_BUCKET: bucket,
        // On its own: nothing it shows comes from the running site's shared cache.
        REDIS_URL: '',
        JOBS_AUTORUN: 'false',
        TRUSTED_PROXIES: '127.0.0.1, ::1',
        NEXT_PUBLIC_SERVER_URL: `http://127.0.0.1:${port}`,
      },
    })
    try {
      const resource = await newResource()
      const [original, copy] = await Promise.all(
        [a, restored.url].map((base) => call(base, 'GET', '/resources/marketplaces')),
      )
      expect([original.status, copy.status]).toEqual([200, 200])
      // Accounts this file has not signed in often: the restored rate limits count the rest.
      for (const login of ['mp-operator', 'store-operator', 'forum-operator']) {
        await signIn(restored.url, login)
      }
      // Written after the backup: on the site, not in its copy.
      expect((await call(restored.url, 'GET', resource.page)).status).toBe(404)
      const { json } = await call(restored.url, 'GET', '/api/media?limit=1&sort=-createdAt')
      const filename = json?.docs?.[0]?.filename as string
      const [fromSite, fromCopy] = await Promise.all(
        [a, restored.url].map((base) =>
          fetch(`${base}/api/media/file/${filename}`).then(async (answer) => ({
            status: answer.status,
            bytes: Buffer.from(await answer.arrayBuffer()),
          })),
        ),
      )
      expect([fromSite.status, fromCopy.status]).toEqual([200, 200])
      expect(fromCopy.bytes.equals(fromSite.bytes)).toBe(true)
    } finally {
      await restored.stop()
      await dropDatabase(serverUrl, restoredName)
    }
  })
})

describe('an instance killed behind the balancer', () => {
  it('should carry every write to the instance still up, none lost or done twice', async () => {
    const admin = await signIn(a, 'admin')
    await cluster.webs[1].stop('SIGKILL')
    const batch = `Written past a dead instance ${Date.now().toString(36)}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(cluster.balancer.url, 'POST', '/api/resources', {
          token: admin,
          body: {
            type: 'marketplace',
            title: `${batch} ${i}`,
            anons: 'Sent while B was down',
            links: [{ url: `https://example.com/${i}` }],
            status: 'published',
          },
        }).then(({ status }) => status),
      ),
    )
    expect(answers).toEqual(answers.map(() => 201))
    const stored = await call(
      a,
      'GET',
      `/api/resources?limit=100&where[title][like]=${encodeURIComponent(batch)}`,
      { token: admin },
    )
    expect(stored.json?.totalDocs).toBe(20)
  })
})

/** A news item's text as the editor sends it: one paragraph of Lexical rich text. */
const paragraph = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    format: '',
    indent: 0,
    direction: 'ltr',
    children: [
      {
        type: 'paragraph',
        version: 1,
        format: '',
        indent: 0,
        direction: 'ltr',
        textFormat: 0,
        children: [
          { type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' },
        ],
      },
    ],
  },
})
