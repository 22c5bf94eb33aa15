'use client'

import NextTopLoader from 'nextjs-toploader'
import NProgress from 'nprogress'

// nprogress finds its bar by role="bar", which is no ARIA role (axe: aria-roles): the bar is a
// hidden decoration found by its class instead. nextjs-toploader configures the same instance.
NProgress.configure({ barSelector: '.bar' })

/** nextjs-toploader's bar in the site's colours (loaded by TopLoader.client.tsx). */
export function TopLoaderBar() {
  return (
    <NextTopLoader
      color="var(--accent)"
      height={3}
      showSpinner={false}
      template='<div class="bar" aria-hidden="true"><div class="peg"></div></div>'
    />
  )
}
