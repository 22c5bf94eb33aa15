import { env } from '@/server/env'

/** The latest-build marker (spec §4): fixed at build time, compared by every open page hourly. */
export const dynamic = 'force-static'

export const GET = () => Response.json({ buildId: env().NEXT_PUBLIC_BUILD_ID })
