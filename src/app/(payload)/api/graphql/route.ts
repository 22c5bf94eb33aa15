import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { answerUnreadableBodies } from '@/server/graphqlBodies'

export const POST = answerUnreadableBodies(GRAPHQL_POST(config))
export const OPTIONS = REST_OPTIONS(config)
