/** Accounts as the site administers them: employees, the admins' users screen, blocks. */

/** The roles an owner gives an employee (spec §4), in the order the forms list them. */
export const EMPLOYEE_ROLES = ['marketplaceOperator', 'storeOperator', 'forumOperator'] as const
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number]

export const isEmployeeRole = (role: unknown): role is EmployeeRole =>
  (EMPLOYEE_ROLES as readonly unknown[]).includes(role)

/** The roles an admin gives from the users screen: every one but admin. */
export const ASSIGNABLE_ROLES = ['user', 'owner', ...EMPLOYEE_ROLES, 'editor'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]

/** Where an account is blocked: on the whole site, or only in the chat. */
export const BLOCK_SCOPES = ['site', 'chat'] as const
export type BlockScope = (typeof BLOCK_SCOPES)[number]
export const BLOCK_ACTIONS = ['block', 'unblock'] as const

/** The admins' filter of accounts by state. */
export const USER_STATES = ['verified', 'unverified', 'blocked', 'chatBlocked'] as const
export type UserState = (typeof USER_STATES)[number]

/** Accounts on one page of the users screen and of the employees list. */
export const USERS_PAGE_SIZE = 20
