/** The four resource types and the `{pagePrefix}` of their listing pages (`/resources/{prefix}`). */
export const RESOURCE_TYPES = [
  { type: 'marketplace', prefix: 'marketplaces' },
  { type: 'shop', prefix: 'shops' },
  { type: 'forum', prefix: 'forums' },
  { type: 'exchanger', prefix: 'exchangers' },
] as const

export type ResourceType = (typeof RESOURCE_TYPES)[number]['type']
export type ResourcePrefix = (typeof RESOURCE_TYPES)[number]['prefix']
