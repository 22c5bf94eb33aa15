import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Config } from 'payload'

import { siteName } from '@/server/env'
import { Users } from '@collections/Users'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The admin panel: its user collection, its own views, dashboard panels and navigation links. */
export const admin: Config['admin'] = {
  user: Users.slug,
  // Payload's own picture: the default, Gravatar, is a request to another site on every page.
  avatar: 'default',
  importMap: { baseDir: path.resolve(root, 'src') },
  meta: { titleSuffix: ` — ${siteName}` },
  // «25 ноября 2026, 19:19» / "25 November 2026, 19:19": date-fns, in the admin's language.
  dateFormat: 'd MMMM yyyy, HH:mm',
  components: {
    beforeDashboard: [
      // What waits for the moderators, linking to the site's queues (admins only).
      '@/components/admin/ModerationQueues#ModerationQueues',
      // The site's last seven days, compact (admins only; the full view is /analitycs).
      '@/components/admin/AnalyticsSummary#AnalyticsSummary',
      // Editors and admins: the scheduled publications that failed at their time.
      '@/components/admin/FailedPublicationsPanel#FailedPublicationsPanel',
    ],
    // Editors and admins: the publications waiting for their time; admins: the machinery (jobs,
    // backups, link checks, mail). Both linked from the navigation.
    afterNavLinks: [
      '@/components/admin/ScheduledNavLink#ScheduledNavLink',
      '@/components/admin/MachineryNavLink#MachineryNavLink',
    ],
    views: {
      scheduledPublications: {
        Component: '@/components/admin/ScheduledPublicationsView#ScheduledPublicationsView',
        path: '/scheduled-publications',
      },
      machinery: {
        Component: '@/components/admin/MachineryView#MachineryView',
        path: '/system',
      },
    },
  },
  livePreview: {
    // Named by width: Payload shows a breakpoint's label as it is, in either language.
    breakpoints: [
      { name: 'phone', label: '390 px', width: 390, height: 844 },
      { name: 'desktop', label: '1366 px', width: 1366, height: 900 },
    ],
  },
}
