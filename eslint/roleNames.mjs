import { builtinRules } from 'eslint/use-at-your-own-risk'

/**
 * Only the role model names the roles (ARCHITECTURE.md, "Roles"): everywhere else, who may do
 * what is a capability of src/lib/roles.ts (`canModerateChat(user)`, `auth: canModerateChat`),
 * a role a row is given is one of its constants (`MEMBER_ROLE`, `OWNER_ROLE`), and a query of
 * the people who hold a capability is `{ role: { in: rolesWith(…) } }`. So a string equal to a
 * role's name is refused outside it. tests/unit/roleNames.spec.ts plants one and holds this list
 * to the model's ROLES.
 *
 * 'user' is left out: it is also the name of many fields (a favorite's, a vote's, a session's
 * `user`, `ownRowsOrAdmin('user')`), so it is refused only where it is a role's value
 * (`role: 'user'`); comparisons with it are `role === '…'`, refused by eslint/syntax.mjs.
 */
export const ROLE_NAMES = [
  'admin',
  'editor',
  'owner',
  'marketplaceOperator',
  'storeOperator',
  'forumOperator',
]

const MESSAGE =
  "Ask a capability of the role model (src/lib/roles.ts) or use its constants; don't name a role."

/**
 * Where the same words mean something else: a type (a union of the app's doors, a config's key),
 * a field's name (a resource's `owner` relation, the deletions' log's `admin`) and the admin's
 * columns of fields, a message namespace (the rich text editor's `editor`) and a CSS class.
 */
const NOT_A_ROLE = [
  'TSLiteralType > Literal',
  'Property > Literal.key',
  "Property[key.name='name'] > Literal",
  "Property[key.name='defaultColumns'] > ArrayExpression > Literal",
  'CallExpression[callee.name=/^(useTranslations|getTranslations)$/] > Literal',
  "JSXAttribute[name.name='className'] > Literal",
]
  .map((selector) => `:not(${selector})`)
  .join('')

const RULES = [
  {
    selector: `Literal[value=/^(${ROLE_NAMES.join('|')})$/]${NOT_A_ROLE}`,
    message: MESSAGE,
  },
  { selector: "Property[key.name='role'] > Literal[value='user']", message: MESSAGE },
]

/**
 * The rule is ESLint's own no-restricted-syntax under a name of its own, so that it adds to the
 * no-restricted-syntax lists of eslint.config.mjs instead of replacing them for the same files.
 */
export const roleNames = [
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    ignores: [
      // The role model itself.
      'src/lib/roles.ts',
      // Tests, demo content and migrations make accounts of each role and store their names.
      'tests/**',
      'src/seed/**',
      'migrations/**',
      // The scripts and the bench sign in as the demo accounts, whose logins are role names
      // ('admin', 'editor'), and name the admin's door ('admin') among the server's routes.
      'scripts/**',
      'bench/**',
      // The lint rules name the roles they refuse.
      'eslint/**',
      'eslint.config.mjs',
      // The pages' message namespaces, one of which is the rich text editor's 'editor'.
      'src/i18n/clientMessages.ts',
    ],
    plugins: {
      'role-model': { rules: { 'no-role-names': builtinRules.get('no-restricted-syntax') } },
    },
    rules: { 'role-model/no-role-names': ['error', ...RULES] },
  },
]
