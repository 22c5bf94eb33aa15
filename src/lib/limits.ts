/**
 * What people may enter and upload, declared once: the collections hold every door to these
 * limits, the API's schemas answer with the spec's messages, and the forms tell them in advance.
 */
export const LIMITS = {
  /** Spec §5 and §9. */
  passwordMin: 6,
  displayNameMax: 50,
  nameMax: 100,
  phoneMax: 40,
  resourceTitleMax: 120,
  resourceAnonsMax: 300,
  resourceSlugMax: 90,
  resourceLinksMax: 10,
  reviewTitleMax: 120,
  reviewCommentMax: 5000,
  reportCommentMax: 1000,
  reviewReplyMax: 3000,
  searchQueryMax: 100,
  articleTitleMax: 200,
  articleExcerptMax: 400,
  commentMax: 2000,
  /** One chat message, plain text. */
  chatMessageMax: 1000,
  subjectMax: 200,
  messageMax: 5000,
  /** Why an admin blocked or unblocked an account. */
  blockReasonMax: 1000,
  /** Why a moderator hid a review or rejected a resource (its author or owner reads it). */
  moderationReasonMax: 1000,
  /** Files one message may carry (contact form, tickets). */
  attachmentsMax: 5,
  /** The most items one page of an API list holds. */
  pageSizeMax: 50,
  /** The most resources one GET /resource-relations asks about: a listing page holds fewer. */
  relationIdsMax: 50,
  /** An armored PGP public key a resource carries (characters). */
  pgpKeyMax: 20000,
  /** A clearsigned mirror list as pasted (characters), and the addresses it may name. */
  signedListMax: 16000,
  signedListAddressesMax: 50,
} as const

/**
 * Payload's lockout: this many wrong passwords in a row lock an account for LOCK_TIME_MS. An
 * unknown login is answered alike, so the answers tell nobody which accounts exist.
 */
export const MAX_LOGIN_ATTEMPTS = 5
export const LOCK_TIME_MS = 15 * 60 * 1000

/**
 * The rate limits (src/server/rateLimit.ts), kept in Postgres (table `rate_limits`, created by a
 * migration), so they survive a restart and hold across every instance of the app. Declared here,
 * below the server's floors, since an account's deletion forgets them (src/server/sql).
 */
export const RATE_LIMITS = {
  loginPerAddress: { points: 20, duration: 10 * 60 },
  loginPerAccount: { points: 10, duration: 10 * 60 },
  secondFactorPerAddress: { points: 20, duration: 10 * 60 },
  registerPerAddress: { points: 10, duration: 60 * 60 },
  emailPerAddress: { points: 5, duration: 60 * 60 },
  /** Comments written, per user (editors and admins are not limited). */
  commentPerUser: { points: 5, duration: 60 },
  /** Chat messages, per user (admins are not limited). */
  chatMessagePerUser: { points: 5, duration: 10 },
  /** Messages sent through the contact form, per address. */
  contactPerAddress: { points: 5, duration: 60 * 60 },
  /** Tickets opened and replies written, per user (admins are not limited). */
  ticketMessagePerUser: { points: 20, duration: 60 * 60 },
  /** Verification requests sent, per user. */
  verificationPerUser: { points: 10, duration: 24 * 60 * 60 },
  /**
   * Review invitations made for one resource (a mail or a single-use link each, whoever of its
   * staff makes them): enough for a shop's day of orders, too few to spam from the site.
   */
  invitationsPerResource: { points: 300, duration: 24 * 60 * 60 },
  /** Data archives asked for, per account (each one reads everything the member has). */
  dataExportPerUser: { points: 5, duration: 24 * 60 * 60 },
  /** Wrong current passwords typed to change the password or the email, per account. */
  passwordCheckPerAccount: { points: 10, duration: 10 * 60 },
  /**
   * Sign-in attempts on a login no account has, locked as Payload locks an account: after
   * MAX_LOGIN_ATTEMPTS wrong tries, the next are refused as 'locked' for LOCK_TIME_MS.
   */
  unknownAccount: {
    points: MAX_LOGIN_ATTEMPTS,
    duration: 24 * 60 * 60,
    blockDuration: LOCK_TIME_MS / 1000,
  },
} as const

/** A login: 3 to 32 Latin letters, digits, dots, underscores or hyphens. */
export const LOGIN_PATTERN = /^[a-zA-Z0-9._-]{3,32}$/

/** Record ids are PostgreSQL integers: anything larger is no id at all, never a query. */
export const MAX_RECORD_ID = 2_147_483_647

export const isRecordId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_RECORD_ID

/**
 * Payload's own doors (REST, GraphQL): the largest page they answer (the admin's largest page
 * size too) and the last page number they take, so no query reaches a huge OFFSET.
 */
export const COLLECTION_PAGE_SIZE_MAX = 100
export const COLLECTION_PAGE_MAX = 10_000

/**
 * How deep any value of a request may nest (a Lexical document stays far below), and how long a
 * `json` field's text may be: deeper or larger input is refused before it is parsed further.
 */
export const INPUT_DEPTH_MAX = 64
export const JSON_FIELD_MAX_CHARS = 100_000

/** Spec §5: a display name can be changed again a month after it last changed. */
export const DISPLAY_NAME_CHANGE_DAYS = 30

/** When a display name changed at `changedAt` may change again. */
export const nextDisplayNameChange = (changedAt: string | null | undefined): Date | null =>
  changedAt ? new Date(new Date(changedAt).getTime() + DISPLAY_NAME_CHANGE_DAYS * 86_400_000) : null

/** Private attachments: images and PDF. */
export const ATTACHMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
]

/** Image types the site accepts anywhere (spec §5); avatars narrow this to JPG and PNG. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp']

/** What an uploaded file may be, by its bytes (never by its name or declared type). */
export type UploadRule = { maxBytes: number; mimeTypes: readonly string[] }

export const UPLOAD_RULES = {
  /** Resource images, and the largest upload the server accepts at all. */
  image: { maxBytes: 5 * 1024 * 1024, mimeTypes: IMAGE_MIME_TYPES },
  /** Spec §5 and §9: at most 500 KB, JPG or PNG. */
  avatar: { maxBytes: 500 * 1024, mimeTypes: ['image/jpeg', 'image/png'] },
  /** Files sent with a message: each at most 5 MB, images or PDF. */
  attachment: { maxBytes: 5 * 1024 * 1024, mimeTypes: ATTACHMENT_MIME_TYPES },
} as const satisfies Record<string, UploadRule>

/**
 * The most a request's body to one of the site's calls may weigh, in bytes: past it, the call
 * answers 413 before reading further. Its text fields at their longest fit many times over (a
 * resource's two descriptions, which take form data with the image, count with the image).
 */
export const BODY_BYTES_MAX = 256 * 1024

/** A page's analytics report (`/track`): an id and two words. */
export const REPORT_BYTES_MAX = 4 * 1024

/** The body of a form carrying up to `count` files under `rule`: the files and the fields. */
export const bodyBytesWithFiles = ({ rule, count }: { rule: UploadRule; count: number }) =>
  BODY_BYTES_MAX + rule.maxBytes * count

/** Comments per step of an article's list (spec §9: "Comment list loads 10 more at a time"). */
export const COMMENTS_STEP = 10

/** Messages of the chat room per step of its history (older ones load on scroll), and at most. */
export const CHAT_HISTORY_STEP = 30
export const CHAT_HISTORY_STEP_MAX = 100

/**
 * How long a public directory read (a page, the search box's suggestions) is kept, in seconds:
 * how long another instance may show it after a write elsewhere.
 */
export const DIRECTORY_CACHE_SECONDS = 60

/**
 * Open streams of the chat room (GET /chat-stream) one member may hold, and one client address
 * (guests and members together), on one app instance: past either, a new stream is refused with
 * 429 until one of them closes. A member's tabs, a household or an office behind one address fit.
 */
export const CHAT_STREAMS_PER_MEMBER = 5
export const CHAT_STREAMS_PER_ADDRESS = 20

/**
 * Reviews that cannot be stuffed. An account is new for `newAccountDays` after it signed up. When
 * a resource has had `burstNewAccountReviews` reviews from new accounts in the last
 * `burstWindowHours`, the next review from a new account is held for the admins' moderation
 * instead of published. One account writes at most `reviewsPerDay` reviews in 24 hours.
 */
export const REVIEW_GUARD = {
  newAccountDays: 7,
  burstWindowHours: 24,
  burstNewAccountReviews: 3,
  reviewsPerDay: 5,
} as const

/** True when an account made at `createdAt` was still new at `at` (REVIEW_GUARD.newAccountDays). */
export const wasNewAccount = (createdAt: string | Date, at: string | Date = new Date()): boolean =>
  new Date(at).getTime() - new Date(createdAt).getTime() < REVIEW_GUARD.newAccountDays * 86_400_000

/**
 * The availability monitor (src/server/linkChecks): each check kept `historyDays` (the page shows
 * the share up over `availabilityDays`), at most `redirects` hops followed (a GET's body is not
 * read: the connection is dropped at the status).
 */
export const LINK_CHECK_LIMITS = {
  historyDays: 35,
  availabilityDays: 30,
  redirects: 5,
} as const
