import 'server-only'

import { isbot } from 'isbot'

/**
 * Which reports of the track call are not counted, from its headers alone: known bots (isbot, and
 * no user agent at all), prefetches and prerenders, and visitors who asked not to be tracked
 * (`DNT: 1`, `Sec-GPC: 1`).
 */
export const notCounted = (headers: Headers): 'bot' | 'prefetch' | 'opted-out' | null => {
  const agent = headers.get('user-agent') ?? ''
  if (!agent || isbot(agent)) return 'bot'
  const purpose = [
    headers.get('sec-purpose'),
    headers.get('purpose'),
    headers.get('x-purpose'),
    headers.get('x-moz'),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
  if (/prefetch|prerender|preview/.test(purpose)) return 'prefetch'
  if (headers.get('dnt') === '1' || headers.get('sec-gpc') === '1') return 'opted-out'
  return null
}
