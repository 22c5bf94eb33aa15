import type messages from '../../messages/en.json'

export type Namespace = keyof typeof messages

/**
 * A namespace, or one part of it (`rates.offers`) when the page's client components use only
 * that part: the rest stays on the server.
 */
type ClientNamespace = Namespace | `rates.${keyof (typeof messages)['rates']}`

/**
 * The message namespaces sent to the browser: the shell's (the header, toasts and error pages, on
 * every page, from the layout) and, beside them, each group of pages' own (`<ClientMessages>`),
 * only what the client components of those pages translate. Server components translate on the
 * server, so their namespaces are never sent. tests/unit/clientMessages.spec.ts reads every page's
 * client components and fails when a list lacks a namespace they use or holds one they do not.
 */
export const CLIENT_MESSAGES = {
  shell: ['account-menu', 'bell', 'errors', 'header', 'search-suggestions', 'types', 'ui'],
  // Home, the listings, search and the favorites: the cards' favorite and compare toggles.
  directory: ['compare-picker', 'favorites'],
  resource: ['compare-picker', 'criteria', 'favorites', 'report', 'review-actions', 'review-form'],
  article: ['comments'],
  'my-reviews': ['criteria', 'my-reviews'],
  'owner-reviews': ['owner-reviews'],
  employees: ['employees', 'roles'],
  'users-admin': ['employees', 'roles', 'users-admin'],
  'add-resource': ['add-resource', 'editor', 'rates-feed'],
  // An exchanger's feed health on My resources.
  'rates-feed': ['rates-feed'],
  mirrors: ['mirrors'],
  invitations: ['invitations'],
  // An invitation's page: the review form.
  invitation: ['criteria', 'review-form'],
  verification: ['api', 'attachments', 'verification'],
  'resource-check': ['verification', 'verification-queue'],
  // The bulk bar's reason dialog speaks the moderation queues' words.
  'moderation-contacts': ['contacts-queue', 'moderation', 'moderation-bulk', 'saved-replies'],
  tickets: ['api', 'attachments', 'saved-replies', 'tickets'],
  contacts: ['api', 'attachments', 'contacts'],
  chat: ['chat', 'roles', 'users-admin'],
  profile: ['api', 'profile'],
  password: ['password'],
  settings: ['notification-settings', 'reviewer', 'settings'],
  signin: ['blocked', 'signin'],
  signup: ['signup'],
  forget: ['forget'],
  reset: ['reset'],
  'two-auth': ['two-auth'],
  'account-security': ['account-security'],
  privacy: ['privacy', 'two-auth'],
  security: ['security', 'two-auth'],
  'design-system': ['design-system'],
  moderation: ['moderation', 'moderation-bulk', 'report', 'reviews'],
  // The period's checks say the API's own sentences (range-invalid, range-too-long).
  analytics: ['analytics', 'api'],
  // A direction's offers and calculator: their own words only, not the rest of the rates pages'.
  rates: ['rates.offers'],
} as const satisfies Record<string, readonly ClientNamespace[]>

export type ClientMessageGroup = Exclude<keyof typeof CLIENT_MESSAGES, 'shell'>

/** The part of `messages` the browser gets for `groups` (the shell's always). */
export const pickClientMessages = (
  messages: Record<string, unknown>,
  groups: readonly ClientMessageGroup[] = [],
) => {
  const namespaces = new Set<string>(CLIENT_MESSAGES.shell)
  for (const group of groups)
    for (const namespace of CLIENT_MESSAGES[group]) namespaces.add(namespace)
  const picked: Record<string, unknown> = {}
  for (const namespace of namespaces) {
    const [name, part] = namespace.split('.') as [string, string | undefined]
    picked[name] = part
      ? { ...(picked[name] as object), [part]: (messages[name] as Record<string, unknown>)?.[part] }
      : messages[name]
  }
  return picked
}
