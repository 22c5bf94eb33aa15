import type { Payload } from 'payload'

import { seedContent } from './cms'
import { seedResources } from './resources'
import { seedUsers } from './users'

/**
 * Fills an empty database with the demo content in both languages. Every step only adds what is
 * missing, so running it again changes nothing.
 */
export const seed = async ({ payload }: { payload: Payload }) => {
  const users = await seedUsers({ payload })
  const resources = await seedResources({ payload })
  const content = await seedContent({ payload })
  payload.logger.info(
    `Seed: ${users} demo users, ${resources} demo resources and ${content} pages, articles and questions created`,
  )
  return { users, resources, content }
}
