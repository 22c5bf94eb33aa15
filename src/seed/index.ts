import type { Payload } from 'payload'

import { seedAnalytics } from './analytics'
import { seedChat } from './chat'
import { seedContent } from './cms'
import { seedContacts } from './contacts'
import { seedLinkChecks } from './linkChecks'
import { seedMirrors } from './mirrors'
import { seedModeration } from './moderation'
import { seedNotifications } from './notifications'
import { seedRates } from './rates'
import { seedResources } from './resources'
import { seedStatuses } from './statuses'
import { seedSupport } from './support'
import { seedUsers } from './users'

/**
 * Fills an empty database with the demo content in both languages. Every step only adds what is
 * missing, so running it again changes nothing.
 */
export const seed = async ({ payload }: { payload: Payload }) => {
  const users = await seedUsers({ payload })
  const resources = await seedResources({ payload })
  const statuses = await seedStatuses({ payload })
  const content = await seedContent({ payload })
  const support = await seedSupport({ payload })
  const chat = await seedChat({ payload })
  const contacts = await seedContacts({ payload })
  const reports = await seedModeration({ payload })
  const analytics = await seedAnalytics({ payload })
  const linkChecks = await seedLinkChecks({ payload })
  const signedLists = await seedMirrors({ payload })
  const notifications = await seedNotifications({ payload })
  const rateFeeds = await seedRates({ payload })
  payload.logger.info(
    `Seed: ${users} demo users, ${resources} demo resources, ${statuses} status changes, ${content} pages, articles and questions, ${support} tickets and verification requests, ${chat} chat messages, ${contacts} contact messages, ${reports} review reports, ${analytics} days of resource analytics, ${linkChecks} addresses' check history, ${signedLists} signed mirror lists, ${notifications} notifications of the demo user and owner and ${rateFeeds} exchangers' rates feeds`,
  )
  return {
    users,
    resources,
    statuses,
    content,
    support,
    chat,
    contacts,
    reports,
    analytics,
    linkChecks,
    signedLists,
    notifications,
    rateFeeds,
  }
}
