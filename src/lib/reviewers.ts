import { LOGIN_PATTERN } from './limits'

/**
 * Reviewer profiles (issue 47): `/reviewers/{login}` shows a member's published reviews. A member
 * may keep theirs private (`profilePrivate`); a blocked member has none, nor has a deleted one.
 * Where there is none, review cards show the name without a link.
 */
export const REVIEWER_PAGE_SIZE = 10

/** The address of a reviewer's profile, without the language. */
export const reviewerPath = (login: string) => `/reviewers/${encodeURIComponent(login)}`

/**
 * The login a review card links to, or null when the author has no public profile. A setting the
 * reader could not see (an account read under someone's access, which keeps it from them) links
 * nowhere: only a profile known to be public is linked.
 */
export const reviewerProfileLogin = (author: {
  username?: string | null
  blocked?: boolean | null
  profilePrivate?: boolean | null
}): string | null =>
  author.username && author.blocked === false && author.profilePrivate === false
    ? author.username
    : null

/**
 * The login an address names, in lower case as every login is stored (Payload lower-cases them),
 * or null when it cannot be one (too long, a NUL, anything outside the login's pattern), so that
 * no such value reaches the database.
 */
export const loginOfAddress = (value: string): string | null =>
  LOGIN_PATTERN.test(value) ? value.toLowerCase() : null
