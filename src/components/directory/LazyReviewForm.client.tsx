'use client'

import { clientOnly } from '@/components/clientOnly.client'

/**
 * The review form, whose code loads only when the page shows it: to a signed-in visitor who may
 * review the resource, never to guests, the resource's staff or its past reviewers.
 */
export const LazyReviewForm = clientOnly(() =>
  import('./ReviewForm.client').then((module) => module.ReviewForm),
)
