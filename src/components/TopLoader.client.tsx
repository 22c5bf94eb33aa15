'use client'

import { clientOnly } from './clientOnly.client'

/**
 * The thin progress bar at the top of the page while the next page loads. Its code loads after
 * the page has come to life, not with it: it is only needed once the visitor follows a link.
 */
export const TopLoader = clientOnly(() =>
  import('./TopLoaderBar.client').then((module) => module.TopLoaderBar),
)
