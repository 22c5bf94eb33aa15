import type { SavedReplyView } from '@/data/views/savedReplies'
import { canKeepSavedReplies } from '@/lib/roles'

import { answer, declareCall } from './call'

export const getSavedReplies = declareCall({
  path: '/get-saved-replies',
  method: 'get',
  auth: canKeepSavedReplies,
  summary:
    "Support's saved replies (admins: those who answer tickets and contact messages), by title, to insert into a reply; kept in the admin's `saved-replies`",
  answer: answer<{ replies: SavedReplyView[] }>('{replies: [{id, title, text}]}'),
})
