import { type BadgeSize, type EmbedTheme, escapeMarkup } from '@/lib/embeds'
import type { ShownStatus } from '@/lib/publicStatus'

import { EMBED_COLORS, SITE_MARK, STAR_PATH, STATUS_COLORS, shorten } from './embedLook'

/** What a badge says, in its language: every text already translated, none escaped yet. */
export type BadgeContent = {
  siteName: string
  title: string
  /** The average with one decimal as the page shows it, or null before the first review. */
  score: string | null
  average: number
  /** "128 reviews", or "No rating yet" before the first review. */
  count: string
  /** "Verified" when the resource is. */
  verified: string | null
  status: { key: ShownStatus; label: string } | null
  /** The whole badge in one sentence, for screen readers and the SVG's title. */
  summary: string
}

const FONT = "'Segoe UI', 'Noto Sans', 'DejaVu Sans', Arial, sans-serif"

/** Each size's scale: base font, padding, line height, star size. */
const SIZES = {
  s: { font: 11, pad: 6, mark: 14, star: 11, row: 22 },
  m: { font: 13, pad: 10, mark: 18, star: 15, row: 24 },
  l: { font: 16, pad: 14, mark: 24, star: 20, row: 30 },
} as const satisfies Record<BadgeSize, Record<string, number>>

/**
 * A text's width in pixels, estimated: an SVG shown as an image uses the reader's fonts and
 * cannot measure them, so every glyph is given a generous width (shields.io does the same with
 * a table) and the badge is sized to fit the widest estimate.
 */
export const textWidth = (text: string, size: number, bold = false) => {
  let width = 0
  for (const char of text) {
    if (char === ' ') width += 0.3
    else if (/[0-9]/.test(char)) width += 0.58
    else if (/[A-ZА-ЯЁ]/.test(char)) width += 0.72
    else if (/[a-z]/.test(char)) width += 0.56
    else if (/[а-яё]/.test(char)) width += 0.66
    else if (/[.,:;'!|·-]/.test(char)) width += 0.32
    else width += 0.9
  }
  return Math.ceil(width * size * (bold ? 1.12 : 1))
}

const text = (
  value: string,
  {
    x,
    y,
    size,
    color,
    bold = false,
  }: { x: number; y: number; size: number; color: string; bold?: boolean },
) =>
  `<text x="${x}" y="${y}" font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="${color}">${escapeMarkup(value)}</text>`

/** Five stars, filled to `average` (0–5), `size` pixels each, from (x, y) at their top. */
const stars = ({
  average,
  x,
  y,
  size,
  theme,
}: {
  average: number
  x: number
  y: number
  size: number
  theme: EmbedTheme
}) => {
  const colors = EMBED_COLORS[theme]
  const scale = size / 24
  const filled = (Math.min(Math.max(average, 0), 5) / 5) * 120
  const row = (fill: string) =>
    [0, 1, 2, 3, 4]
      .map((i) => `<path d="${STAR_PATH}" fill="${fill}" transform="translate(${i * 24} 0)"/>`)
      .join('')
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    `<clipPath id="filled"><rect width="${filled.toFixed(2)}" height="24"/></clipPath>` +
    `${row(colors.starEmpty)}<g clip-path="url(#filled)">${row(colors.star)}</g></g>`
  )
}

const starsWidth = (size: number) => size * 5

const mark = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 32})">${SITE_MARK}</g>`

type Row = { height: number; width: number; draw: (y: number) => string }

/**
 * The badge of `/badge/{prefix}/{url}.svg`: the site's mark and name, the score with its stars
 * and the number of reviews, the verified mark, and a shown status (scam, closed…) as a band in
 * its colours. Size `s` is one line; `m` adds a line, `l` the resource's title too.
 */
export const badgeSvg = ({
  content,
  theme,
  size,
}: {
  content: BadgeContent
  theme: EmbedTheme
  size: BadgeSize
}) => {
  const colors = EMBED_COLORS[theme]
  const look = SIZES[size]
  const { font, pad } = look
  const small = Math.round(font * 0.85)
  const gap = Math.round(font * 0.5)
  const rows: Row[] = []

  const head: Row = (() => {
    const name = content.siteName
    const nameWidth = textWidth(name, size === 's' ? font : small, true)
    const verifiedWidth = content.verified ? textWidth(`✓ ${content.verified}`, small, true) : 0
    const scoreRow = size === 's' ? scoreParts() : null
    return {
      height: Math.max(look.mark, font) + (size === 's' ? 8 : 4),
      width:
        look.mark +
        gap +
        nameWidth +
        (scoreRow ? gap * 2 + scoreRow.width : 0) +
        (verifiedWidth ? gap * 2 + verifiedWidth : 0),
      draw: (y) => {
        const base = y + look.mark / 2 + font * 0.36
        let x = pad
        let out = mark(x, y + (size === 's' ? 4 : 2), look.mark)
        x += look.mark + gap
        out += text(name, {
          x,
          y: base + (size === 's' ? 4 : 2),
          size: size === 's' ? font : small,
          color: size === 's' ? colors.text : colors.muted,
          bold: true,
        })
        x += nameWidth + gap * 2
        if (scoreRow) {
          out += scoreRow.draw(x, y + 4)
          x += scoreRow.width + gap * 2
        }
        if (content.verified) {
          out += text(`✓ ${content.verified}`, {
            x,
            y: base + (size === 's' ? 4 : 2),
            size: small,
            color: colors.verified,
            bold: true,
          })
        }
        return out
      },
    }
  })()
  rows.push(head)

  /** The stars (not in `s`), the score and the count, on one line of `look.row`. */
  function scoreParts() {
    const starSize = size === 's' ? 0 : look.star
    const scoreSize = size === 's' ? font : Math.round(font * 1.2)
    const scoreWidth = content.score ? textWidth(content.score, scoreSize, true) + gap : 0
    const countSize = size === 's' ? font : small
    const countWidth = textWidth(content.count, countSize)
    const starsPart = content.score && starSize ? starsWidth(starSize) + gap : 0
    const glyph = size === 's' && content.score ? textWidth('★', font) + 2 : 0
    return {
      width: starsPart + glyph + scoreWidth + countWidth,
      draw: (x0: number, y: number) => {
        const base = y + look.row / 2 + font * 0.36 - (size === 's' ? 4 : 0)
        let x = x0
        let out = ''
        if (glyph) {
          out += text('★', { x, y: base, size: font, color: colors.star })
          x += glyph
        }
        if (starsPart) {
          out += stars({
            average: content.average,
            x,
            y: y + (look.row - starSize) / 2,
            size: starSize,
            theme,
          })
          x += starsPart
        }
        if (content.score) {
          out += text(content.score, {
            x,
            y: base,
            size: scoreSize,
            color: colors.text,
            bold: true,
          })
          x += scoreWidth
        }
        return out + text(content.count, { x, y: base, size: countSize, color: colors.muted })
      },
    }
  }

  if (size === 'l') {
    const title = shorten(content.title, 40)
    const titleSize = Math.round(font * 1.15)
    rows.push({
      height: Math.round(titleSize * 1.5),
      width: textWidth(title, titleSize, true),
      draw: (y) =>
        text(title, {
          x: pad,
          y: y + titleSize * 1.1,
          size: titleSize,
          color: colors.text,
          bold: true,
        }),
    })
  }
  if (size !== 's') {
    const parts = scoreParts()
    rows.push({ height: look.row, width: parts.width, draw: (y) => parts.draw(pad, y) })
  }

  const statusBand = content.status
    ? {
        label: `⚠ ${content.status.label}`,
        colors: STATUS_COLORS[theme][content.status.key],
        height: Math.round(font * 1.8),
      }
    : null
  const width =
    Math.max(
      ...rows.map((row) => row.width),
      statusBand ? textWidth(statusBand.label, font, true) : 0,
    ) +
    pad * 2
  const bodyHeight = rows.reduce((sum, row) => sum + row.height, 0) + (size === 's' ? 0 : pad * 1.2)
  const height = Math.round(bodyHeight + (statusBand?.height ?? 0))
  let y = size === 's' ? 0 : Math.round(pad * 0.6)
  const drawn = rows.map((row) => {
    const out = row.draw(y)
    y += row.height
    return out
  })
  const band = statusBand
    ? `<rect x="0" y="${Math.round(bodyHeight)}" width="${width}" height="${statusBand.height}" fill="${statusBand.colors.bg}"/>` +
      text(statusBand.label, {
        x: pad,
        y: Math.round(bodyHeight + statusBand.height / 2 + font * 0.36),
        size: font,
        color: statusBand.colors.text,
        bold: true,
      })
    : ''
  const radius = size === 's' ? 4 : 8
  const label = escapeMarkup(content.summary)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<clipPath id="frame"><rect width="${width}" height="${height}" rx="${radius}"/></clipPath>` +
    `<g clip-path="url(#frame)" font-family="${FONT}">` +
    `<rect width="${width}" height="${height}" fill="${colors.bg}"/>` +
    `${drawn.join('')}${band}</g>` +
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="${radius}" fill="none" stroke="${colors.border}"/>` +
    `</svg>`
  )
}
