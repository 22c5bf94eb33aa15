/** The four resource types and the `{pagePrefix}` of their listing pages (`/resources/{prefix}`). */
export const RESOURCE_TYPES = [
  { type: 'marketplace', prefix: 'marketplaces' },
  { type: 'shop', prefix: 'shops' },
  { type: 'forum', prefix: 'forums' },
  { type: 'exchanger', prefix: 'exchangers' },
] as const

export type ResourceType = (typeof RESOURCE_TYPES)[number]['type']
export type ResourcePrefix = (typeof RESOURCE_TYPES)[number]['prefix']

export const RESOURCE_TYPE_VALUES = RESOURCE_TYPES.map(({ type }) => type)

/** A resource waits for a moderator's approval, is published, or was rejected with a reason. */
export const RESOURCE_STATUSES = ['pending', 'published', 'rejected'] as const
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number]

export const prefixOf = (type: ResourceType): ResourcePrefix =>
  RESOURCE_TYPES.find((entry) => entry.type === type)!.prefix

export const typeOfPrefix = (prefix: string): ResourceType | null =>
  RESOURCE_TYPES.find((entry) => entry.prefix === prefix)?.type ?? null

/** The listing of a type, without the language prefix. */
export const listingPath = (type: ResourceType) => `/resources/${prefixOf(type)}`

/** A resource's public address, without the language prefix. */
export const resourcePath = (resource: { type: ResourceType; slug?: string | null }) =>
  `${listingPath(resource.type)}/${resource.slug}`

/**
 * Every criterion a review may rate, in the one order they are shown everywhere: the review form,
 * the rating summary, each review, the owner's and the admin's views. Each type rates four of them
 * (`REVIEW_CRITERIA`), in this order too.
 */
export const CRITERIA_ORDER = [
  'reliability',
  'quality',
  'delivery',
  'speed',
  'rates',
  'community',
  'moderation',
  'content',
  'usability',
  'support',
  'security',
  'prices',
  'fees',
] as const

const TYPE_CRITERIA: Record<ResourceType, readonly (typeof CRITERIA_ORDER)[number][]> = {
  marketplace: ['reliability', 'support', 'security', 'fees'],
  shop: ['quality', 'delivery', 'support', 'prices'],
  forum: ['community', 'moderation', 'content', 'usability'],
  exchanger: ['reliability', 'speed', 'rates', 'support'],
}

/** `keys` (criteria) in the order of `CRITERIA_ORDER`; a key it does not know goes last. */
export const orderCriteria = <T extends string>(keys: readonly T[]): T[] => {
  const rank = (key: string) => {
    const index = (CRITERIA_ORDER as readonly string[]).indexOf(key)
    return index === -1 ? CRITERIA_ORDER.length : index
  }
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

/** What a review rates besides the overall grade, per resource type; each is 1..5 and optional. */
export const REVIEW_CRITERIA = Object.fromEntries(
  Object.entries(TYPE_CRITERIA).map(([type, keys]) => [type, orderCriteria(keys)]),
) as unknown as Record<ResourceType, readonly string[]>
