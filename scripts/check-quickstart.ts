import { rmSync } from 'node:fs'
import path from 'node:path'

import { makeTempDataDir } from './lib/embeddedPostgres'
import { run } from './lib/run'

/**
 * README's quick start on a machine without DATABASE_URL: `npm run dev` must start the embedded
 * Postgres, migrate, seed, and serve the bilingual site and the admin.
 */
const PORT = process.env.QUICKSTART_PORT || '3210'
const base = `http://localhost:${PORT}`
const dataDir = makeTempDataDir('obzor-quickstart-')
const env: NodeJS.ProcessEnv = {
  ...process.env,
  EMBEDDED_PG_DIR: path.join(dataDir, 'postgres'),
  EMBEDDED_PG_PORT: String(55000 + Math.floor(Math.random() * 5000)),
  MEDIA_DIR: path.join(dataDir, 'media'),
}
delete env.DATABASE_URL

const dev = run({ command: 'npm', args: ['run', 'dev', '--', '-p', PORT], env })

const fetchText = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, { redirect: 'manual', ...init })
  return { status: response.status, text: await response.text() }
}

let devExited = false
void dev.done.then(() => {
  devExited = true
})

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
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
