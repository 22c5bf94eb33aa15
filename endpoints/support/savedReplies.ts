import * as calls from '@/api/savedReplies'
import { findSavedReplies } from '@/data/views/savedReplies'

import { defineEndpoint } from '../lib/defineEndpoint'

/** GET /get-saved-replies → {replies} (admins): the team's saved replies, by title. */
export const getSavedReplies = defineEndpoint(calls.getSavedReplies, {
  handler: async ({ req, user, reply }) =>
    reply({ replies: await findSavedReplies({ payload: req.payload, req, user }) }),
})

export const savedReplyEndpoints = [getSavedReplies]
