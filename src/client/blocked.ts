/**
 * The tab learns that its account was blocked on the site: from any answer 402 (spec: 'You are
 * blocked.'), from the chat's event stream, or from the viewer check on focus. Whoever learns it
 * announces it here; the layout's BlockedSignOut signs the tab out and shows the one message.
 */
const BLOCKED_EVENT = 'obzor:blocked'

export type BlockNews = { reason: string | null }

/** The block's reason in a 402's body: the site's `reason`, or Payload's `errors[0].data.reason`. */
export const reasonOf = (body: unknown): string | null => {
  if (!body || typeof body !== 'object') return null
  const { reason, errors } = body as { reason?: unknown; errors?: unknown }
  if (typeof reason === 'string' && reason) return reason
  const data = Array.isArray(errors) ? (errors[0] as { data?: { reason?: unknown } })?.data : null
  return typeof data?.reason === 'string' && data.reason ? data.reason : null
}

export const announceBlocked = (news: BlockNews) => {
  if (typeof window === 'undefined') return
  window.dispatchEvent(new CustomEvent<BlockNews>(BLOCKED_EVENT, { detail: news }))
}

/** Calls `listener` whenever the tab learns of a block; returns the unsubscription. */
export const onBlocked = (listener: (news: BlockNews) => void) => {
  const handle = (event: Event) => listener((event as CustomEvent<BlockNews>).detail)
  window.addEventListener(BLOCKED_EVENT, handle)
  return () => window.removeEventListener(BLOCKED_EVENT, handle)
}

/** Where the reason waits for the sign-in page, across the full load that signs the tab out. */
const REASON_KEY = 'obzor:block-reason'

export const keepBlockReason = (reason: string | null) => {
  try {
    if (reason) sessionStorage.setItem(REASON_KEY, reason)
    else sessionStorage.removeItem(REASON_KEY)
  } catch {
    // Storage refused (private mode): the page asks the server instead.
  }
}

export const takeBlockReason = (): string | null => {
  try {
    return sessionStorage.getItem(REASON_KEY)
  } catch {
    return null
  }
}
