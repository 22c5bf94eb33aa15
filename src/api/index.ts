/**
 * Every call of the API, by feature. The browser imports this module's types only
 * (`src/client/api.ts`); the endpoints import the declarations they serve.
 */
export * from './account'
export * from './accountSecurity'
export * from './analytics'
export * from './auth'
export * from './chat'
export * from './comments'
export * from './contacts'
export * from './contactsQueue'
export * from './dev'
export * from './favorites'
export * from './moderation'
export * from './payload'
export * from './resources'
export * from './reviewFeedback'
export * from './reviews'
export * from './search'
export * from './tickets'
export * from './users'
export * from './verification'
export * from './mirrors'
