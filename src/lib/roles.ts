/**
 * The role model: the roles (design.md §3) and what each may do, as named capabilities. Every
 * question of who may do what asks one of them (`canModerateComments(user)`): the calls'
 * declarations (`auth: canModerateChat`, src/api), Payload's access (`access/`), the hooks, the
 * endpoints and the site's screens, so a rule changes here, once. Only this file names the roles:
 * lint refuses a role's name anywhere else (`role-model/no-role-names`, eslint/roleNames.mjs)
 * and `role === '…'` comparisons (`syntax:role-comparisons`, eslint/syntax.mjs);
 * tests/unit/roles.spec.ts holds the table of every capability for every role.
 */

import type { ResourceType } from './resourceTypes'

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

/** The operator role that works on resources of a type (spec §1: employees of an owner). */
export const OPERATOR_ROLE_OF_TYPE: Partial<Record<ResourceType, EmployeeRole>> = {
  marketplace: 'marketplaceOperator',
  shop: 'storeOperator',
  forum: 'forumOperator',
}

/** The roles an admin gives from the users screen: every one but admin. */
export const ASSIGNABLE_ROLES = ['user', 'owner', ...EMPLOYEE_ROLES, 'editor'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]

/** What a new account is, and what a let-go employee becomes: a member with no other role. */
export const MEMBER_ROLE = 'user' satisfies Role

/** What a member becomes on adding their first resource (design.md §2). */
export const OWNER_ROLE = 'owner' satisfies Role

/** Whoever is asked about: an account, a view of one, or nobody (a guest). */
export type Someone = { role?: string | null; blocked?: boolean | null } | null | undefined

/**
 * A question about someone: may they do this? Each is its own function, so that a call's
 * declaration (`auth: canModerateChat`) is known by its name in the OpenAPI document.
 */
export type Capability = (someone: Someone) => boolean

/** True when `someone` holds one of `roles`: the capabilities below are made of it. */
const hasRole = (someone: Someone, roles: readonly Role[]): boolean =>
  Boolean(someone?.role && (roles as readonly string[]).includes(someone.role))

/**
 * The roles a capability admits (an unblocked account of each role is asked): for the OpenAPI
 * document, and for a query of the people who hold it (`{ role: { in: rolesWith(…) } }`).
 */
export const rolesWith = (capability: Capability): Role[] =>
  ROLES.filter((role) => capability({ role }))

export const isEmployeeRole = (role: unknown): role is EmployeeRole =>
  (EMPLOYEE_ROLES as readonly unknown[]).includes(role)

/** The site's administrators: every record, the staff queues, blocks, the chat's moderation. */
export const isAdmin: Capability = (someone) => hasRole(someone, ['admin'])

/** An owner of resources, who manages them and their employees. */
export const isOwner: Capability = (someone) => hasRole(someone, ['owner'])

/** An owner's employee (a marketplace, store or forum operator). */
export const isEmployee: Capability = (someone) => isEmployeeRole(someone?.role)

/** A member with no other role: what a new account is, and what a let-go employee becomes. */
export const isPlainMember: Capability = (someone) => hasRole(someone, [MEMBER_ROLE])

/** The Payload admin is for staff who publish or moderate: admins and editors. */
export const canUseAdminPanel: Capability = (someone) => hasRole(someone, ['admin', 'editor'])

/** Editors and admins, unblocked: drafts, previews and scheduled publishing of the content. */
export const canEditContent: Capability = (someone) =>
  canUseAdminPanel(someone) && !someone?.blocked

/** The same people moderate the articles' comments (hidden ones included). */
export const canModerateComments: Capability = (someone) => canEditContent(someone)

/** Support's side of the tickets: every ticket and its messages, answering, the queue. */
export const canAnswerTickets: Capability = (someone) => isAdmin(someone)

/** Deciding verification requests, and seeing every one. */
export const canDecideVerification: Capability = (someone) => isAdmin(someone)

/**
 * The private files of tickets and verification requests, every one: whoever answers the ones
 * or decides the others (anyone else reads the files they sent and those shared with them).
 */
export const canSeeSupportFiles: Capability = (someone) =>
  canAnswerTickets(someone) || canDecideVerification(someone)

/**
 * The users screen and every account: roles, blocks, deletion, unlocking; an account's password,
 * email and display name set for its holder (no confirmation, no 30 days between names), its
 * profile read and edited through the site's calls, any owner's employees.
 */
export const canAdministerUsers: Capability = (someone) => isAdmin(someone)

/**
 * The moderators' queues and their decisions: the dashboard, reported reviews (and the reports
 * themselves), held reviews, resources waiting for approval (an owner is mailed each decision;
 * a rejected resource someone else edits goes back to waiting), a resource's public status, a
 * review's reply rewritten once given, the contact form's messages.
 */
export const canModerate: Capability = (someone) => isAdmin(someone)

/**
 * A resource's PGP key: approving or refusing the key its managers propose (they are mailed
 * each proposal), and setting or removing one at once; anyone else's change waits for them, so a
 * stolen owner account cannot swap the key visitors check mirrors with.
 */
export const canDecidePgpKeys: Capability = (someone) => isAdmin(someone)

/**
 * Support's saved replies (issue 42): kept and used by whoever answers tickets or the contact
 * form's messages.
 */
export const canKeepSavedReplies: Capability = (someone) =>
  canAnswerTickets(someone) || canModerate(someone)

/** The machinery: the jobs queue (every job, retrying a failed one), backups, the link checks. */
export const canSeeMachinery: Capability = (someone) => isAdmin(someone)

/**
 * Removing chat messages (and seeing the removed ones) and blocking in the chat. Moderators are
 * not held to the room's rate limit, and may post in another's name through the admin.
 */
export const canModerateChat: Capability = (someone) => isAdmin(someone)

/**
 * An admin acts for anyone: through the admin they write a row in another person's name (the
 * author of a review, comment or favorite, the giver of a helpful vote or a report, the owner of
 * a resource they add, which they may publish at once), and set the dates a row was created and
 * changed. For anyone else the hooks make such a row the writer's own, dated by the server.
 */
export const canActForAnyone: Capability = (someone) => isAdmin(someone)

/**
 * Admins' reviews pass the review guard unweighed: written by one (or naming one as author), a
 * review is not refused as their own resource's, not counted against the daily limit nor held
 * after a burst, and may be of a resource not yet published.
 */
export const canReviewUnguarded: Capability = (someone) => isAdmin(someone)

/**
 * Every member's own rows, for support: their notifications, helpful votes and reports, security
 * events and sessions (a member reaches only theirs).
 */
export const canSeeMembersRecords: Capability = (someone) => isAdmin(someone)

/** Every uploaded picture, changed or deleted; anyone else (editors too) only their own uploads. */
export const canManageEveryFile: Capability = (someone) => isAdmin(someone)

/** Owners and admins add, edit and let go employees (admins for any owner). */
export const canManageEmployees: Capability = (someone) => hasRole(someone, ['owner', 'admin'])

/**
 * Who looks after resources: owners (their own), operators (their employer's, of their type) and
 * admins: my resources, the reviews on them, verification requests.
 */
export const canManageResources: Capability = (someone) =>
  hasRole(someone, ['owner', 'admin']) || isEmployee(someone)

/**
 * Every resource, as its manager would: read in any status, edited, deleted, its reviews
 * answered, its verification requests and signed mirror lists read. Others manage only theirs.
 */
export const canManageEveryResource: Capability = (someone) => isAdmin(someone)

/**
 * Who reads analytics (`/analitycs`, design.md §3): owners (their resources), operators (their
 * employer's, of their type) and admins (the whole site). Members and editors have none.
 */
export const canSeeAnalytics: Capability = (someone) =>
  hasRole(someone, ['owner', ...EMPLOYEE_ROLES, 'admin'])

/** The site-wide figures: admins. */
export const canSeeSiteAnalytics: Capability = (someone) => isAdmin(someone)

/** Who may add a resource: members, owners and admins, unblocked (an employee works for one). */
export const canAddResources: Capability = (someone) =>
  Boolean(someone && !someone.blocked && hasRole(someone, ['admin', 'owner', 'user']))

/** Admins cannot be blocked, on the site or in the chat. */
export const canBeBlocked: Capability = (someone) => !isAdmin(someone)

/** A role's badge beside a name (the chat): none for plain members, danger for admins. */
export const roleBadgeTone = (someone: Someone): 'danger' | 'info' | null =>
  !someone?.role || isPlainMember(someone) ? null : isAdmin(someone) ? 'danger' : 'info'
