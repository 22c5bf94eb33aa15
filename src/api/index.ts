/**
 * Every call of the API, by feature. The browser imports this module's types only
 * (`src/client/api.ts`); the endpoints import the declarations they serve.
 */
export * from './favorites'
export * from './payload'
