/**
 * Analytics' reports from the browser (POST /api/track): a resource page seen once it has loaded,
 * a click on its website or a mirror. The public pages are cached and the same for everyone, so
 * only the browser can tell that somebody looked. Nothing is sent when the visitor asked not to be
 * tracked (Do Not Track, Global Privacy Control); the server checks the same headers, and bots.
 */
import type { PostBody } from './api'

type Report = PostBody<'/track'>

const optedOut = () =>
  navigator.doNotTrack === '1' ||
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true

const TRACK_URL = '/api/track'

export const report = (body: Report) => {
  if (optedOut()) return
  const json = JSON.stringify(body)
  // A beacon outlives the page (a click that leaves it); fetch with keepalive where there is none.
  if (navigator.sendBeacon?.(TRACK_URL, new Blob([json], { type: 'application/json' }))) return
  void fetch(TRACK_URL, {
    method: 'POST',
    body: json,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {})
}

let lastView: { resource: number; at: number } | null = null

/**
 * Reports a view of `resource`, once the page is really shown: a prerendered page (speculation
 * rules) waits until the visitor opens it, and a second call for the same resource within a second
 * (React's development double effects) is one view.
 */
export const reportView = (resource: number) => {
  const send = () => {
    const now = Date.now()
    if (lastView && lastView.resource === resource && now - lastView.at < 1000) return
    lastView = { resource, at: now }
    report({ resource_id: resource, event: 'view' })
  }
  const doc = document as Document & { prerendering?: boolean }
  if (doc.prerendering) doc.addEventListener('prerenderingchange', send, { once: true })
  else send()
}

/** The attributes that make an external link report its clicks (ExternalLinkGuard sends them). */
export const TRACK_RESOURCE_ATTRIBUTE = 'data-track-resource'
export const TRACK_LINK_ATTRIBUTE = 'data-track-link'
