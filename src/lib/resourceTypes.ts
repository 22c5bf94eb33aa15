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

export const prefixOf = (type: ResourceType): ResourcePrefix =>
  RESOURCE_TYPES.find((entry) => entry.type === type)!.prefix

export const typeOfPrefix = (prefix: string): ResourceType | null =>
  RESOURCE_TYPES.find((entry) => entry.prefix === prefix)?.type ?? null

/** What a review rates besides the overall grade, per resource type; each is 1..5 and optional. */
export const REVIEW_CRITERIA: Record<ResourceType, readonly string[]> = {
  marketplace: ['reliability', 'support', 'security', 'fees'],
  shop: ['quality', 'delivery', 'support', 'prices'],
  forum: ['community', 'moderation', 'content', 'usability'],
  exchanger: ['reliability', 'speed', 'rates', 'support'],
}

/** The operator role that works on resources of a type (spec §1: employees of an owner). */
export const OPERATOR_ROLE_OF_TYPE: Partial<Record<ResourceType, string>> = {
  marketplace: 'marketplaceOperator',
  shop: 'storeOperator',
  forum: 'forumOperator',
}
