/**
 * The role model: the roles (design.md §3) and what each may do, as named capabilities. The
 * server's access rules (`access/` wraps these for Payload), the API and the site's screens all
 * ask a capability (`canModerateComments(user)`), so a rule changes here, once. Only this file
 * compares role strings: lint refuses `role === '…'` anywhere else (eslint.config.mjs).
 */

export const ROLES = [
  'admin',
  'editor',
  'owner',
  'marketplaceOperator',
  'storeOperator',
  'forumOperator',
  'user',
] as const
export type Role = (typeof ROLES)[number]

/** The roles an owner gives an employee (spec §4), in the order the forms list them. */
export const EMPLOYEE_ROLES = ['marketplaceOperator', 'storeOperator', 'forumOperator'] as const
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number]

/** The roles an admin gives from the users screen: every one but admin. */
export const ASSIGNABLE_ROLES = ['user', 'owner', ...EMPLOYEE_ROLES, 'editor'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]

/** Whoever is asked about: an account, a view of one, or nobody (a guest). */
export type Someone = { role?: string | null; blocked?: boolean | null } | null | undefined

/** True when `someone` holds one of `roles`. Prefer a named capability below. */
export const hasRole = (someone: Someone, roles: readonly Role[]): boolean =>
  Boolean(someone?.role && (roles as readonly string[]).includes(someone.role))

export const isEmployeeRole = (role: unknown): role is EmployeeRole =>
  (EMPLOYEE_ROLES as readonly unknown[]).includes(role)

/** The site's administrators: every record, the staff queues, blocks, the chat's moderation. */
export const isAdmin = (someone: Someone) => hasRole(someone, ['admin'])

/** An owner of resources, who manages them and their employees. */
export const isOwner = (someone: Someone) => hasRole(someone, ['owner'])

/** An owner's employee (a marketplace, store or forum operator). */
export const isEmployee = (someone: Someone) => isEmployeeRole(someone?.role)

/** A member with no other role: what a new account is, and what a let-go employee becomes. */
export const isPlainMember = (someone: Someone) => hasRole(someone, ['user'])

/** The Payload admin is for staff who publish or moderate: admins and editors. */
export const canUseAdminPanel = (someone: Someone) => hasRole(someone, ['admin', 'editor'])

/** Editors and admins, unblocked: drafts, previews and scheduled publishing of the content. */
export const canEditContent = (someone: Someone) => canUseAdminPanel(someone) && !someone?.blocked

/** The same people moderate the articles' comments (hidden ones included). */
export const canModerateComments = canEditContent

/** Support's side of the tickets: every ticket, answering, the queue. */
export const canAnswerTickets = isAdmin

/** Deciding verification requests, and seeing every one. */
export const canDecideVerification = isAdmin

/** The users screen: every account, roles, blocks. */
export const canAdministerUsers = isAdmin

/**
 * The moderators' queues: the dashboard, reported reviews, resources waiting for approval, the
 * contact form's messages.
 */
export const canModerate = isAdmin

/**
 * Support's saved replies (issue 42): kept and used by whoever answers tickets or the contact
 * form's messages.
 */
export const canKeepSavedReplies = (someone: Someone) =>
  canAnswerTickets(someone) || canModerate(someone)

/** The machinery: the jobs queue (every job, retrying a failed one), backups, the link checks. */
export const canSeeMachinery = isAdmin

/** Removing chat messages and blocking in the chat. */
export const canModerateChat = isAdmin

/** Owners and admins add, edit and let go employees (admins for any owner). */
export const canManageEmployees = (someone: Someone) => hasRole(someone, ['owner', 'admin'])

/**
 * Who looks after resources: owners (their own), operators (their employer's, of their type) and
 * admins: my resources, the reviews on them, verification requests.
 */
export const canManageResources = (someone: Someone) =>
  hasRole(someone, ['owner', 'admin']) || isEmployee(someone)

/**
 * Who reads analytics (`/analitycs`, design.md §3): owners (their resources), operators (their
 * employer's, of their type) and admins (the whole site). Members and editors have none.
 */
export const ANALYTICS_ROLES = [
  'owner',
  ...EMPLOYEE_ROLES,
  'admin',
] as const satisfies readonly Role[]
export const canSeeAnalytics = (someone: Someone) => hasRole(someone, ANALYTICS_ROLES)

/** The site-wide figures: admins. */
export const canSeeSiteAnalytics = isAdmin

/** Who may add a resource: members, owners and admins, unblocked (an employee works for one). */
export const canAddResources = (someone: Someone) =>
  Boolean(someone && !someone.blocked && hasRole(someone, ['admin', 'owner', 'user']))

/** Admins cannot be blocked, on the site or in the chat. */
export const canBeBlocked = (someone: Someone) => !isAdmin(someone)

/** A role's badge beside a name (the chat): none for plain members, danger for admins. */
export const roleBadgeTone = (someone: Someone): 'danger' | 'info' | null =>
  !someone?.role || isPlainMember(someone) ? null : isAdmin(someone) ? 'danger' : 'info'
