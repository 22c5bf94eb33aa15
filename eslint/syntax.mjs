/**
 * What `no-restricted-syntax` refuses (ARCHITECTURE.md). Each check has an id, which
 * ARCHITECTURE.md's "Rules and the checks that hold them" names.
 */
export const syntaxChecks = {
  /** Code asks the role model's capabilities (src/lib/roles.ts); only it compares role strings. */
  'role-comparisons': ['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left'
    return [`[${side}.property.name=/^role$/i]`, `[${side}.name=/role$/i]`].map((role) => ({
      selector: `BinaryExpression[operator=/^[!=]==?$/]${role}[${other}.type='Literal']`,
      message: "Ask a capability of the role model (src/lib/roles.ts), not `role === '…'`.",
    }))
  }),
  /** Payload's adapter is cast to Postgres' once, in src/server/sql/run.ts (`postgresOf`). */
  'adapter-casts': [
    {
      selector: "TSAsExpression[typeAnnotation.typeName.name='PostgresAdapter']",
      message: 'Reach the database through postgresOf or runSql (src/server/sql/run.ts).',
    },
  ],
  /**
   * SQL is said in src/server/sql and src/data only: no raw `execute` (the adapter's drizzle) or
   * `query` (pg's pool and clients) elsewhere.
   */
  'raw-sql-calls': [
    {
      selector: 'CallExpression[callee.property.name=/^(execute|query)$/]',
      message: 'Name the statement in src/server/sql (a write) or src/data (a read), and call it.',
    },
  ],
  /** A transaction is opened, committed and rolled back by inTransaction (src/server/db.ts) only. */
  'one-transaction-helper': [
    {
      selector: 'Identifier[name=/^(init|commit|kill)Transaction$/]',
      message: 'Run the work in inTransaction (src/server/db.ts), the one transaction helper.',
    },
    {
      selector: 'MemberExpression[property.name=/^(begin|commit|rollback)Transaction$/]',
      message: 'Run the work in inTransaction (src/server/db.ts), the one transaction helper.',
    },
  ],
  /** A test waits for what it waits for (ARCHITECTURE.md, "Tests"), not for a time. */
  'tests-wait-for-what-they-wait-for': [
    {
      selector: "CallExpression[callee.property.name='waitForTimeout']",
      message: 'Wait for what the journey waits for (expect, expect.poll, toPass), not for a time.',
    },
    {
      selector: "Literal[value='networkidle']",
      message: 'Wait with settled(page) (tests/e2e/settled.ts): prefetches keep networkidle away.',
    },
  ],
  /** A test writes to a temporary or ignored folder, never to a machine's absolute path. */
  'tests-write-inside': ['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
    selector: `${node}=/^\\/(work|home|root|tmp)\\//]`,
    message:
      'Write under os.tmpdir(), testInfo.outputPath() or an ignored folder, never a machine path.',
  })),
}

/** The options of `no-restricted-syntax` for the app's code: every check but those left out. */
export const restrictedSyntax = (...leftOut) => [
  'error',
  ...Object.entries(syntaxChecks)
    .filter(([id]) => !id.startsWith('tests-') && !leftOut.includes(id))
    .flatMap(([, selectors]) => selectors),
]

/** The options of `no-restricted-syntax` for the tests. */
export const testSyntax = [
  'error',
  ...syntaxChecks['tests-wait-for-what-they-wait-for'],
  ...syntaxChecks['tests-write-inside'],
]
