import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'

import { makeTempDataDir } from './lib/embeddedPostgres'
import { run } from './lib/run'

/**
 * README's quick start on a machine without DATABASE_URL or SMTP: `npm run dev` must start the
 * embedded Postgres, migrate, seed, serve the bilingual site and the admin, and let a new user
 * sign up with the code from the development outbox, then sign in.
 */
const PORT = process.env.QUICKSTART_PORT || '3210'
const base = `http://localhost:${PORT}`
const dataDir = makeTempDataDir('obzor-quickstart-')
const env: NodeJS.ProcessEnv = {
  ...process.env,
  EMBEDDED_PG_DIR: path.join(dataDir, 'postgres'),
  EMBEDDED_PG_PORT: String(55000 + Math.floor(Math.random() * 5000)),
  MEDIA_DIR: path.join(dataDir, 'media'),
  ATTACHMENTS_DIR: path.join(dataDir, 'attachments'),
  EXPORTS_DIR: path.join(dataDir, 'exports'),
  DEV_OUTBOX_DIR: path.join(dataDir, 'outbox'),
}
delete env.DATABASE_URL
delete env.SMTP_HOST
delete env.RECAPTCHA_SECRET_KEY
delete env.NEXT_PUBLIC_SERVER_URL

const dev = run({ command: 'npm', args: ['run', 'dev', '--', '-p', PORT], env })

const fetchText = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, { redirect: 'manual', ...init })
  return { status: response.status, text: await response.text() }
}

const postJson = (path: string, body: unknown) =>
  fetchText(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(({ status, text }) => ({ status, json: JSON.parse(text) }))

const newcomer = {
  login: `newcomer${Date.now().toString(36)}`,
  email: `newcomer${Date.now().toString(36)}@example.com`,
  password: 'first-pass',
  display_name: `Newcomer ${Date.now().toString(36)}`,
}

/**
 * The newest message to `to` in the development outbox whose text matches `wanted`, as README
 * tells a developer to read it: mail goes out from the jobs queue within a second or two, so the
 * outbox is read again until it is there (for up to 20 s).
 */
const newestMail = async (to: string, wanted: RegExp) => {
  const deadline = Date.now() + 20_000
  for (;;) {
    const { status, text } = await fetchText(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)
    if (status !== 200) throw new Error(`/api/dev/outbox answered ${status}`)
    const [mail] = JSON.parse(text).messages as Array<{ text: string }>
    if (mail && wanted.test(mail.text)) return mail
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${wanted} in the outbox`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

let devExited = false
void dev.done.then(() => {
  devExited = true
})

/** npm may exit before `npm run dev` has stopped its Postgres: its folder goes only after that. */
const postgresStopped = async (pidFile: string) => {
  for (let i = 0; i < 100 && existsSync(pidFile); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const waitFor = async (url: string, deadline: number) => {
  while (Date.now() < deadline) {
    if (devExited) throw new Error('`npm run dev` exited')
    const answer = await fetchText(url).catch(() => null)
    if (answer?.status === 200) return answer
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`${url} did not answer 200 in time`)
}

const checks: Array<[string, () => Promise<boolean>]> = [
  [
    'Russian home page',
    async () => (await waitFor(`${base}/`, Date.now() + 240_000)).text.includes('lang="ru"'),
  ],
  [
    'English home page',
    async () => (await waitFor(`${base}/en`, Date.now() + 60_000)).text.includes('lang="en"'),
  ],
  [
    'admin',
    async () => (await waitFor(`${base}/admin/login`, Date.now() + 120_000)).status === 200,
  ],
  [
    'seeded demo admin signs in',
    async () => {
      const answer = await fetchText(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'demo12345' }),
      })
      return answer.status === 200 && JSON.parse(answer.text).user?.role === 'admin'
    },
  ],
  [
    'a new user signs up with the code from the development outbox, is signed in by it, and signs in again',
    async () => {
      const registered = await postJson('/register-user', {
        ...newcomer,
        password_confirmation: newcomer.password,
        consent: true,
      })
      if (registered.status !== 200) throw new Error(`register-user: ${registered.status}`)
      const code = (await newestMail(newcomer.email, /\b\d{6}\b/)).text.match(/\b(\d{6})\b/)?.[1]
      const verified = await postJson('/verify-otp', { user_id: registered.json.user_id, code })
      if (verified.status !== 200) throw new Error(`verify-otp: ${verified.status}`)
      if (!verified.json.user?.token) throw new Error('verify-otp: not signed in by the code')
      const { login, password } = newcomer
      const signedIn = await postJson('/login', { login, password })
      const token = signedIn.json.user?.token as string | undefined
      const me = await fetchText(`${base}/api/users/me`, {
        headers: { Authorization: `JWT ${token}` },
      })
      return signedIn.status === 200 && JSON.parse(me.text).user?.email === newcomer.email
    },
  ],
  [
    'the password reset link reaches the development outbox',
    async () => {
      const asked = await postJson('/forget-password', { email: newcomer.email })
      const link = new RegExp(`${base}(/en)?/password-reset/\\S+`)
      const mail = await newestMail(newcomer.email, link)
      return asked.status === 200 && link.test(mail.text)
    },
  ],
]

let failed = 0
try {
  for (const [name, check] of checks) {
    const ok = await check().catch((error: Error) => {
      console.error(error.message)
      return false
    })
    console.log(`${ok ? '✔' : '✖'} quick start: ${name}`)
    if (!ok) failed += 1
  }
} finally {
  dev.stop()
  await dev.done
  await postgresStopped(path.join(env.EMBEDDED_PG_DIR!, 'postmaster.pid'))
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
