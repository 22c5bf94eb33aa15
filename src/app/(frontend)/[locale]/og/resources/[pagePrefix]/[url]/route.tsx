import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { ImageResponse } from 'next/og'
import { getTranslations } from 'next-intl/server'

import { getResource } from '@/data/resources'
import { resourceSummary } from '@/data/views/resources'
import { isLocale } from '@/i18n/routing'
import { monogram } from '@/lib/monogram'
import { isShownStatus } from '@/lib/publicStatus'
import { prefixOf } from '@/lib/resourceTypes'

/**
 * /og/resources/{pagePrefix}/{url}: a resource page's Open Graph image (1200×630), its name, type
 * and score in the look of public/og-*.png. Rendered once and kept in Next's cache with the
 * resource page's tags (its reads are the page's: src/server/cacheTags.ts), so a change of the
 * resource or its reviews expires it with the page.
 */
type Context = { params: Promise<{ locale: string; pagePrefix: string; url: string }> }

export const dynamic = 'force-static'
export const revalidate = 60
export const generateStaticParams = () => []

// The light theme's colours in src/app/(frontend)/[locale]/styles.css (as scripts/generate-icons.ts).
const COLORS = {
  bg: '#f6f7fb',
  text: '#161a23',
  muted: '#4d5566',
  accent: '#1f5fd6',
  star: '#e8a317',
  starEmpty: '#c9cfdb',
}
const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'

export async function GET(_request: Request, { params }: Context) {
  const { locale, pagePrefix, url } = await params
  if (!isLocale(locale)) return notFound()
  const resource = await getResource(url, locale)
  if (!resource || prefixOf(resource.type) !== pagePrefix) return notFound()
  const summary = resourceSummary(resource)
  const [t, types, meta, statusT, fonts, icon] = await Promise.all([
    getTranslations({ locale, namespace: 'resource' }),
    getTranslations({ locale, namespace: 'types' }),
    getTranslations({ locale, namespace: 'meta' }),
    getTranslations({ locale, namespace: 'status' }),
    loadFonts(),
    loadIcon(),
  ])
  const mark = monogram(summary.title)
  const isRated = summary.review_count > 0
  const status = isShownStatus(summary.public_status) ? summary.public_status : null

  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 80px 88px',
        background: COLORS.bg,
        color: COLORS.text,
        fontFamily: FONT_FAMILY,
        borderBottom: `24px solid ${COLORS.accent}`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- satori draws plain images */}
        <img src={icon} width={64} height={64} alt="" />
        <span style={{ fontSize: 40, fontWeight: 700 }}>{meta('site-name')}</span>
        {status && (
          // A shared link warns as the page does: the label in words, scam in danger colours.
          <span
            style={{
              marginLeft: 'auto',
              padding: '8px 28px',
              borderRadius: 999,
              fontSize: 40,
              fontWeight: 700,
              ...STATUS_COLORS[status],
            }}
          >
            {statusT(`label-${status}`)}
          </span>
        )}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 44 }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
            width: 176,
            height: 176,
            borderRadius: 40,
            background: mark.light.background,
            color: mark.light.text,
            fontSize: 76,
            fontWeight: 700,
          }}
        >
          {mark.letters}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0, flex: 1 }}>
          <span style={{ fontSize: 34, color: COLORS.muted }}>
            {types(prefixOf(resource.type))}
            {summary.verified ? ` · ${t('verified')}` : ''}
          </span>
          <span style={{ fontSize: titleSize(summary.title), fontWeight: 700, lineHeight: 1.1 }}>
            {shorten(summary.title)}
          </span>
        </div>
      </div>
      {isRated ? (
        <div style={{ display: 'flex', alignItems: 'center', fontSize: 40 }}>
          <Stars value={summary.rating_average} />
          <span style={{ fontWeight: 700, marginLeft: 24 }}>
            {summary.rating_average.toFixed(1)}
          </span>
          <span style={{ color: COLORS.muted, marginLeft: 16 }}>
            {`· ${t('review-count', { count: summary.review_count })}`}
          </span>
        </div>
      ) : (
        <div style={{ display: 'flex', fontSize: 40, color: COLORS.muted }}>{t('no-rating')}</div>
      )}
    </div>,
    { width: 1200, height: 630, fonts },
  )
}

const notFound = () => new Response(null, { status: 404 })

const STATUS_COLORS = {
  scam: { background: '#b3261e', color: '#ffffff' },
  warning: { background: '#ffd666', color: '#1f2430' },
  closed: { background: '#e3e6ec', color: '#1f2430' },
  offline: { background: '#e3e6ec', color: '#1f2430' },
} as const

const titleSize = (title: string) => (title.length <= 22 ? 80 : title.length <= 40 ? 64 : 52)

/** Two lines at most at the smallest size. */
const shorten = (title: string, max = 64) =>
  title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`

function Stars({ value }: { value: number }) {
  const width = (Math.min(Math.max(value, 0), 5) / 5) * 120
  return (
    <svg width={220} height={44} viewBox="0 0 120 24">
      <defs>
        <clipPath id="filled">
          <rect x="0" y="0" width={width} height="24" />
        </clipPath>
      </defs>
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={STAR} fill={COLORS.starEmpty} transform={`translate(${i * 24} 0)`} />
      ))}
      <g clipPath="url(#filled)">
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={i} d={STAR} fill={COLORS.star} transform={`translate(${i * 24} 0)`} />
        ))}
      </g>
    </svg>
  )
}

/**
 * Noto Sans from its npm package, read from disk (no network at run time): Latin and Cyrillic,
 * regular and bold. WOFF, not WOFF2, which satori cannot read.
 */
const FONT_DIR = join(process.cwd(), 'node_modules', '@fontsource', 'noto-sans', 'files')
// Satori takes a glyph only from a font of the family list, one family per subset file.
const SUBSETS = {
  latin: 'Noto Sans',
  cyrillic: 'Noto Sans Cyrillic',
  'latin-ext': 'Noto Sans Latin Ext',
  'cyrillic-ext': 'Noto Sans Cyrillic Ext',
}
const FONT_FAMILY = Object.values(SUBSETS)
  .map((name) => `'${name}'`)
  .join(', ')
const WEIGHTS = [400, 700] as const

let fonts: ReturnType<typeof readFonts> | undefined
const loadFonts = () => (fonts ??= readFonts())
const readFonts = () =>
  Promise.all(
    Object.entries(SUBSETS).flatMap(([subset, name]) =>
      WEIGHTS.map(async (weight) => ({
        name,
        data: await readFile(join(FONT_DIR, `noto-sans-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    ),
  )

let icon: Promise<string> | undefined
const loadIcon = () =>
  (icon ??= readFile(join(process.cwd(), 'public', 'icon.svg')).then(
    (svg) => `data:image/svg+xml;base64,${svg.toString('base64')}`,
  ))
