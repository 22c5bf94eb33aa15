/**
 * The sign-in page's address and parameters, apart from the route table (src/routes.ts, which
 * re-exports them), so that what every page loads (the layout's BlockedSignOut) carries no table.
 */

/** Where a signed-in user goes after signing in, and where `/signin` sends them (spec §2). */
export const AFTER_SIGNIN_PATH = '/profile'
export const SIGNIN_PATH = '/signin'
export const NEXT_PARAM = 'next'
/**
 * Marks a trip to /signin made because the session cookie's session no longer exists on the
 * server (password changed elsewhere, signed out everywhere): the cookie's signature still looks
 * signed-in to the proxy, which must not send the visitor back to where they came from.
 */
export const SESSION_ENDED_PARAM = 'ended'
/**
 * Marks a trip to /signin made because the account was blocked on the site: the page says so
 * once, with the reason and how to appeal, instead of "session ended".
 */
export const BLOCKED_PARAM = 'blocked'
/**
 * Marks a trip to /signin made because a page of the account was asked for without signing in
 * (the security settings, a public route whose page needs an account): the page says so.
 */
export const SIGNIN_REQUIRED_PARAM = 'required'
/**
 * Marks a trip to /signin made right after the member deleted their account: the page says it is
 * done.
 */
export const ACCOUNT_DELETED_PARAM = 'deleted'
