import { getPayload } from '@/data/payload'
import { isDatabaseReady, retryAfterHeaders } from '@/server/databaseHealth'
import { requestLocale, serverMessage } from '@/server/serverMessages'

/**
 * Readiness for load balancers: 200 while the database answers `select 1` within
 * DATABASE_ANSWER_MS through the app's own pool, else 503 with Retry-After, so that traffic goes
 * to the instances that can serve it (README, Deploying).
 */
export const dynamic = 'force-dynamic'

const check = async (request: Request) => {
  const ready = await getPayload().then(isDatabaseReady, () => false)
  if (ready) return Response.json({ status: 'ready' }, { headers: { 'Cache-Control': 'no-store' } })
  const message = serverMessage({
    locale: requestLocale(request.headers),
    key: 'api.service-unavailable',
  })
  return Response.json(
    { status: 503, code: 'service-unavailable', message },
    { status: 503, headers: { 'Cache-Control': 'no-store', ...retryAfterHeaders() } },
  )
}

export const GET = check
export const HEAD = check
