import type { Endpoint } from 'payload'

import { analyticsEndpoints } from './analytics'
import { authEndpoints } from './auth'
import { chatEndpoints } from './chat'
import { contentEndpoints } from './content'
import { contactEndpoints } from './content/contacts'
import { contactQueueEndpoints } from './content/contactsQueue'
import { devEndpoints } from './dev/outbox'
import { directoryEndpoints } from './directory'
import { invitationEndpoints } from './invitations'
import { machineryEndpoints } from './machinery'
import { mirrorEndpoints } from './mirrors'
import { moderationEndpoints } from './moderation'
import { notificationEndpoints } from './notifications'
import { notificationMailEndpoints } from './notifications/mailSettings'
import { openApi } from './openapi'
import { rateEndpoints } from './rates'
import { rateFeedEndpoints } from './rates/feedHealth'
import { savedReplyEndpoints } from './support/savedReplies'
import { ticketEndpoints } from './support/tickets'
import { verificationEndpoints } from './support/verification'
import { deleteAccount } from './users/accountDeletion'
import { userAdminEndpoints } from './users/admin'
import { employeeEndpoints } from './users/employees'
import { privacyEndpoints } from './users/privacy'

/** The spec's API (section 7) and the site's own calls, served at the API root: /api/<path>. */
export const apiEndpoints: Endpoint[] = [
  ...authEndpoints,
  ...directoryEndpoints,
  ...contentEndpoints,
  ...contactEndpoints,
  ...contactQueueEndpoints,
  ...ticketEndpoints,
  ...savedReplyEndpoints,
  ...verificationEndpoints,
  ...employeeEndpoints,
  ...userAdminEndpoints,
  ...privacyEndpoints,
  deleteAccount,
  ...moderationEndpoints,
  ...mirrorEndpoints,
  ...invitationEndpoints,
  ...analyticsEndpoints,
  ...chatEndpoints,
  ...rateEndpoints,
  ...machineryEndpoints,
  ...notificationMailEndpoints,
  ...notificationEndpoints,
  ...rateFeedEndpoints,
  ...devEndpoints,
]

/** What payload.config.ts serves, with the OpenAPI document made from the endpoints above. */
export const endpoints: Endpoint[] = [...apiEndpoints, openApi(apiEndpoints)]
