import type { EmbedTheme } from '@/lib/embeds'
import type { ShownStatus } from '@/lib/publicStatus'

/**
 * The badge's and the widget's colours: the site's light and dark tokens
 * (src/app/(frontend)/[locale]/styles.css), written out, since neither loads the site's sheet.
 */
export const EMBED_COLORS = {
  light: {
    bg: '#ffffff',
    border: '#d9dee8',
    text: '#161a23',
    muted: '#4d5566',
    accent: '#1f5fd6',
    accentText: '#ffffff',
    star: '#e8a317',
    starEmpty: '#c9cfdb',
    verified: '#1a7f37',
    verifiedSoft: '#e6f4ea',
  },
  dark: {
    bg: '#171b24',
    border: '#2c3342',
    text: '#e8ebf2',
    muted: '#a7afc0',
    accent: '#7aa7ff',
    accentText: '#0b1020',
    star: '#f5b83d',
    starEmpty: '#3a4252',
    verified: '#6fdd8b',
    verifiedSoft: '#15291c',
  },
} as const satisfies Record<EmbedTheme, Record<string, string>>

/** A shown status's label colours per theme: scam in danger colours, as StatusBadge shows it. */
export const STATUS_COLORS: Record<
  EmbedTheme,
  Record<ShownStatus, { bg: string; text: string }>
> = {
  light: {
    scam: { bg: '#b3261e', text: '#ffffff' },
    warning: { bg: '#fff3da', text: '#8a5300' },
    closed: { bg: '#e3e6ec', text: '#1f2430' },
    offline: { bg: '#e3e6ec', text: '#1f2430' },
  },
  dark: {
    scam: { bg: '#ff8a80', text: '#1a0806' },
    warning: { bg: '#2f2413', text: '#f2bd61' },
    closed: { bg: '#2c3342', text: '#e8ebf2' },
    offline: { bg: '#2c3342', text: '#e8ebf2' },
  },
}

/** The site's mark (public/icon.svg), 32×32, the same in both themes. */
export const SITE_MARK =
  '<rect width="32" height="32" rx="7" fill="#1f5fd6"/>' +
  '<path fill="#fff" d="M10 5.5H22A5 5 0 0 1 27 10.5V17.5A5 5 0 0 1 22 22.5H14.5L9.5 27L10 22.5A5 5 0 0 1 5 17.5V10.5A5 5 0 0 1 10 5.5Z"/>' +
  '<path fill="#1f5fd6" d="M16 8.21L17.73 12.22L22.09 12.63L18.81 15.52L19.76 19.79L16 17.56L12.24 19.79L13.19 15.52L9.91 12.63L14.27 12.22Z"/>'

/** One star of 24×24 (the OG image's and the site's star). */
export const STAR_PATH = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'

/** The score as the resource page shows it (ResourceRating): one decimal. */
export const shownScore = (average: number) => average.toFixed(1)

/** A title cut to `max` characters, whole code points. */
export const shorten = (text: string, max: number) => {
  const chars = [...text]
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
}
