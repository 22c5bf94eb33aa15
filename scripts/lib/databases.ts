import pg from 'pg'

/** `postgres://…/postgres` + `obzor` → `postgres://…/obzor` */
export const withDatabase = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const adminQuery = async (serverUrl: string, sql: string) => {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

const quoteIdent = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`)
  return `"${name}"`
}

/** Creates the database `name` unless it exists: empty, or a copy of the database `template`. */
export const createDatabase = async (
  serverUrl: string,
  name: string,
  { template }: { template?: string } = {},
) => {
  const exists = await adminQuery(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)
  if (exists.rowCount) return
  const copy = template ? ` TEMPLATE ${quoteIdent(template)}` : ''
  await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(name)}${copy}`)
}

export const dropDatabase = async (serverUrl: string, name: string) => {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
}

/** A name no other run uses, so parallel runs on one server never meet. */
export const uniqueDatabaseName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
