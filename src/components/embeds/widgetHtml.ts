import { type EmbedTheme, escapeMarkup } from '@/lib/embeds'
import type { ShownStatus } from '@/lib/publicStatus'

import { EMBED_COLORS, SITE_MARK, STATUS_COLORS, shorten } from './embedLook'

/** One of the latest published reviews as the widget shows it. */
export type WidgetReview = {
  author: string
  grade: number
  gradeLabel: string
  title: string | null
  comment: string
  date: string
  dateTime: string
  /** The review's permalink on the site (absolute). */
  url: string
}

/** What a widget says, in its language: every text already translated, none escaped yet. */
export type WidgetContent = {
  lang: string
  siteName: string
  title: string
  score: string | null
  average: number
  /** "128 reviews", or "No rating yet". */
  count: string
  scoreLabel: string | null
  verified: string | null
  status: { key: ShownStatus; label: string } | null
  heading: string
  empty: string
  reviews: WidgetReview[]
  /** The resource's page (absolute) and the link's words. */
  resourceUrl: string
  readAll: string
  /** "Opens in a new tab", read after each link by screen readers. */
  newTab: string
}

/** A review's text as the card shows it: its first lines. */
const COMMENT_MAX = 180

const style = (theme: EmbedTheme) => {
  const c = EMBED_COLORS[theme]
  return `
*{box-sizing:border-box}
html,body{margin:0}
body{font:14px/1.45 'Segoe UI','Noto Sans','DejaVu Sans',Arial,sans-serif;color:${c.text};background:${c.bg};color-scheme:${theme}}
.card{border:1px solid ${c.border};border-radius:10px;padding:14px;min-width:0}
a{color:${c.accent}}
a:focus-visible{outline:2px solid ${c.accent};outline-offset:2px}
.head{display:flex;align-items:center;gap:8px;font-size:12px;color:${c.muted};font-weight:700}
.head svg{flex:none}
.title{margin:8px 0 2px;font-size:18px;line-height:1.25;overflow-wrap:anywhere}
.title a{color:inherit;text-decoration:none}
.title a:hover{text-decoration:underline}
.score{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;margin:4px 0}
.score b{font-size:20px}
.muted{color:${c.muted}}
.stars{position:relative;display:inline-block;font-size:18px;line-height:1;letter-spacing:1px;color:${c.starEmpty}}
.stars span{position:absolute;inset:0 auto 0 0;overflow:hidden;white-space:nowrap;color:${c.star}}
.small .stars{font-size:14px}
.mark{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:700}
.verified{color:${c.verified};background:${c.verifiedSoft}}
.status{display:block;margin:8px 0;padding:6px 10px;border-radius:6px;font-weight:700}
h2{font-size:13px;margin:12px 0 6px;color:${c.muted};text-transform:uppercase;letter-spacing:.04em}
ol{list-style:none;margin:0;padding:0}
li{border-top:1px solid ${c.border};padding:8px 0}
.review-head{display:flex;flex-wrap:wrap;align-items:center;gap:2px 8px;font-size:13px}
.review-title{display:block;font-weight:700;color:inherit;text-decoration:none;overflow-wrap:anywhere}
.review-title:hover{text-decoration:underline}
.review p{margin:2px 0 0;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.all{display:block;margin-top:10px;font-weight:700}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`
    .replace(/\n/g, '')
    .trim()
}

const starsHtml = (average: number, label: string) => {
  const share = Math.round((Math.min(Math.max(average, 0), 5) / 5) * 1000) / 10
  return `<span class="stars" role="img" aria-label="${escapeMarkup(label)}">★★★★★<span style="width:${share}%" aria-hidden="true">★★★★★</span></span>`
}

/** A link that leaves the widget: a new tab of the site's page, the widget's frame untouched. */
const link = (url: string, body: string, newTab: string, className = '') =>
  `<a href="${escapeMarkup(url)}" target="_blank" rel="noopener"${className ? ` class="${className}"` : ''}>${body}<span class="sr"> (${escapeMarkup(newTab)})</span></a>`

const reviewItem = (review: WidgetReview, newTab: string) => {
  const heading = review.title || shorten(review.comment, 60)
  return (
    `<li class="review small"><div class="review-head">` +
    `${starsHtml(review.grade, review.gradeLabel)}` +
    `<span>${escapeMarkup(review.author)}</span>` +
    `<time class="muted" datetime="${escapeMarkup(review.dateTime)}">${escapeMarkup(review.date)}</time></div>` +
    link(review.url, escapeMarkup(heading), newTab, 'review-title') +
    (review.title ? `<p>${escapeMarkup(shorten(review.comment, COMMENT_MAX))}</p>` : '') +
    `</li>`
  )
}

/**
 * The widget of `/widget/{prefix}/{url}`: a page with no script at all (its policy allows none),
 * its styles inline, that fits a 360-pixel frame: the site's mark, the resource's title, score,
 * stars and count, the verified mark and a shown status, the three latest published reviews, each
 * linking to itself on the site, and a link to the resource's page.
 */
export const widgetHtml = ({ content, theme }: { content: WidgetContent; theme: EmbedTheme }) => {
  const c = content
  const statusColors = c.status ? STATUS_COLORS[theme][c.status.key] : null
  const score = c.score
    ? `<b>${escapeMarkup(c.score)}</b>${starsHtml(c.average, c.scoreLabel ?? '')}<span class="muted">${escapeMarkup(c.count)}</span>`
    : `<span class="muted">${escapeMarkup(c.count)}</span>`
  return (
    `<!doctype html><html lang="${escapeMarkup(c.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeMarkup(`${c.title} — ${c.siteName}`)}</title>` +
    `<style>${style(theme)}</style></head><body>` +
    `<main class="card">` +
    `<div class="head"><svg width="20" height="20" viewBox="0 0 32 32" aria-hidden="true">${SITE_MARK}</svg>${escapeMarkup(c.siteName)}</div>` +
    `<p class="title">${link(c.resourceUrl, `<strong>${escapeMarkup(c.title)}</strong>`, c.newTab)}</p>` +
    `<div class="score">${score}` +
    (c.verified ? `<span class="mark verified">✓ ${escapeMarkup(c.verified)}</span>` : '') +
    `</div>` +
    (c.status && statusColors
      ? `<p class="status" style="background:${statusColors.bg};color:${statusColors.text}">⚠ ${escapeMarkup(c.status.label)}</p>`
      : '') +
    `<section aria-labelledby="latest"><h2 id="latest">${escapeMarkup(c.heading)}</h2>` +
    (c.reviews.length
      ? `<ol>${c.reviews.map((review) => reviewItem(review, c.newTab)).join('')}</ol>`
      : `<p class="muted">${escapeMarkup(c.empty)}</p>`) +
    `</section>` +
    link(c.resourceUrl, `${escapeMarkup(c.readAll)} →`, c.newTab, 'all') +
    `</main></body></html>`
  )
}
