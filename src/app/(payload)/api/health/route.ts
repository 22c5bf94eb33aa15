/**
 * Liveness for load balancers and supervisors: the process answers. It asks nothing of the
 * database, so an outage there never gets a healthy instance restarted (README, Deploying).
 */
export const dynamic = 'force-dynamic'

const answer = () => Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })

export const GET = answer
export const HEAD = answer
