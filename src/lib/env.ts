/** Server configuration read from the environment, with the development defaults in one place. */

export const siteName = 'Obzor'

const DEV_SECRET = 'dev-only-secret-change-me-in-production'

export const payloadSecret = (): string => process.env.PAYLOAD_SECRET || DEV_SECRET

export const isUsingDevSecret = (): boolean => !process.env.PAYLOAD_SECRET

export const databaseUrl = (): string =>
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

export const serverUrl = (): string =>
  (process.env.NEXT_PUBLIC_SERVER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(
    /\/$/,
    '',
  )
