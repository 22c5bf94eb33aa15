import { readFileSync, writeFileSync } from 'node:fs'

import pngToIco from 'png-to-ico'
import sharp from 'sharp'

/**
 * Regenerates the raster icons (favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png)
 * from public/icon.svg, and the Open Graph images (og-ru.png, og-en.png) from the mark and each
 * language's meta.site-name and meta.tagline. Run it from the repository root after changing any
 * of those, and commit the results: `npm run icons`. The Cyrillic
 * text needs a font that has it, such as DejaVu Sans (Debian's fonts-dejavu-core).
 */
// The light theme's --bg, --text, --muted and --accent in src/app/(frontend)/[locale]/styles.css.
const COLORS = { bg: '#f6f7fb', text: '#161a23', muted: '#4d5566', accent: '#1f5fd6' }
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"
const icon = readFileSync('public/icon.svg')

// Rasterised once at 512 px, then scaled down, so the small sizes are anti-aliased evenly.
const master = await sharp(icon, { density: 72 * 16 })
  .resize(512, 512)
  .png()
  .toBuffer()
const renderIcon = (size: number) => sharp(master).resize(size, size)
const PNG_OPTIONS = { palette: true, compressionLevel: 9 } as const

for (const size of [192, 512]) {
  await renderIcon(size).png(PNG_OPTIONS).toFile(`public/icon-${size}.png`)
}
// iOS rounds the corners itself and shows transparency as black.
await renderIcon(180)
  .flatten({ background: COLORS.accent })
  .png(PNG_OPTIONS)
  .toFile('public/apple-touch-icon.png')
const icoImages = await Promise.all([16, 32, 48].map((size) => renderIcon(size).png().toBuffer()))
writeFileSync('public/favicon.ico', await pngToIco(icoImages))

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
// librsvg does not wrap text; 38 characters of DejaVu Sans at 46 px fit in the 1040 px column.
const wrap = (text: string, max = 38) =>
  text.split(' ').reduce<string[]>((lines, word) => {
    const last = lines.at(-1)
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] += ` ${word}`
    else lines.push(word)
    return lines
  }, [])

for (const locale of ['ru', 'en']) {
  const { meta } = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as {
    meta: Record<'site-name' | 'tagline', string>
  }
  const tagline = wrap(meta.tagline)
    .map((line, i) => `<tspan x="80" dy="${i ? 64 : 0}">${escape(line)}</tspan>`)
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="${COLORS.bg}"/>
    <rect y="606" width="1200" height="24" fill="${COLORS.accent}"/>
    <text x="272" y="254" font-family="${FONT}" font-size="112" font-weight="700"
      fill="${COLORS.text}">${escape(meta['site-name'])}</text>
    <text y="398" font-family="${FONT}" font-size="46" fill="${COLORS.muted}">${tagline}</text>
  </svg>`
  await sharp(Buffer.from(svg))
    .composite([{ input: await renderIcon(160).png().toBuffer(), left: 80, top: 138 }])
    .png(PNG_OPTIONS)
    .toFile(`public/og-${locale}.png`)
}
