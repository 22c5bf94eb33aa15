import type { Payload } from 'payload'

import { addDays, dayOf } from '@/lib/analytics'
import { addDemoHistory, recountMemberActivity } from '@/server/sql/analyticsDemo'
import { rollUpResourceMonths, rollUpSiteDays } from '@/server/sql/analyticsRollUp'

import { DEMO_RESOURCES } from './resources'

/** How many days of history the demo's resources have, up to yesterday. */
const HISTORY_DAYS = 42

/**
 * Six weeks of analytics for the published demo resources (the demo `owner`'s `/analitycs` opens on
 * a few weeks of figures, and the admin's site view on the same days), then the site's daily
 * roll-up over them (the days, and the months that are over), as the jobs queue makes it. Views
 * and clicks are made up; what members did (reviews and their grades, helpful votes, reports,
 * favorites) is counted from the demo's own rows, on the days they are dated, so the figures tell
 * what the pages show. Days already there are kept: running it again adds only the days since.
 */
export const seedAnalytics = async ({ payload }: { payload: Payload }) => {
  const { docs } = await payload.find({
    collection: 'resources',
    where: {
      status: { equals: 'published' },
      slug: { in: DEMO_RESOURCES.map(({ slug }) => slug) },
    },
    depth: 0,
    pagination: false,
    select: {},
  })
  const today = dayOf(new Date())
  const from = addDays(today, -HISTORY_DAYS)
  const added = await addDemoHistory({
    payload,
    resourceIds: docs.map((doc) => doc.id),
    from,
    to: addDays(today, -1),
  })
  await recountMemberActivity({ payload, resourceIds: docs.map((doc) => doc.id), from, to: today })
  await rollUpSiteDays({ payload, from, to: today })
  await rollUpResourceMonths({ payload, today, most: 25 })
  return added
}
