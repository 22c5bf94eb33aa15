import type { MetadataRoute } from 'next'

import { serverUrl } from '@/server/env'

/** Crawlers may read the public site; the admin, the API and personal screens stay out. */
export default function robots(): MetadataRoute.Robots {
  const personal = ['/profile', '/account', '/favorites', '/reviews', '/add-resource', '/search?']
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: [
        '/admin',
        '/api/',
        ...personal.flatMap((path) => [path, `/ru${path}`, `/en${path}`]),
      ],
    },
    sitemap: `${serverUrl()}/sitemap.xml`,
  }
}
