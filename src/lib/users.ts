/** Accounts as the site administers them: employees, the admins' users screen, blocks. */

/** Where an account is blocked: on the whole site, or only in the chat. */
export const BLOCK_SCOPES = ['site', 'chat'] as const
export type BlockScope = (typeof BLOCK_SCOPES)[number]
export const BLOCK_ACTIONS = ['block', 'unblock'] as const

/** The admins' filter of accounts by state. */
export const USER_STATES = ['verified', 'unverified', 'blocked', 'chatBlocked'] as const
export type UserState = (typeof USER_STATES)[number]

/** Accounts on one page of the users screen and of the employees list. */
export const USERS_PAGE_SIZE = 20
