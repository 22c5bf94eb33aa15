import { addReviews } from './addReview'
import { deleteMyReviews } from './deleteMyReview'
import { reviewFeedbackEndpoints } from './feedback'
import { getLastReviews } from './getLastReviews'
import { getMyReviews } from './getMyReviews'
import { replyReview } from './replyReview'
import { updateMyReviews } from './updateMyReview'
import { userHasReview } from './userHasReview'
import { viewsMyReviews } from './viewsMyReviews'

export const reviewEndpoints = [
  addReviews,
  userHasReview,
  getMyReviews,
  viewsMyReviews,
  updateMyReviews,
  deleteMyReviews,
  getLastReviews,
  replyReview,
  ...reviewFeedbackEndpoints,
]
