/**
 * The mark of a resource without an image: the first letters of its title on a colour derived
 * from the title, so a resource keeps its colour on every page and in its Open Graph image. Each
 * theme has its own pair (a pale tile in the light theme, a deep one in the dark), both AA
 * (4.5:1) for the letters at every hue (tests/unit/monogram.spec.ts).
 */
export type MonogramColors = { background: string; text: string }

export type Monogram = {
  letters: string
  light: MonogramColors
  dark: MonogramColors
}

/** `Bazaar One` → `BO`, `TradeHub` → `T`, `Лавка пряностей` → `ЛП`; `?` when no letter or digit. */
export const monogramLetters = (title: string) => {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? []
  const letters = words
    .slice(0, 2)
    .map((word) => [...word][0])
    .join('')
    .toLocaleUpperCase()
  return [...letters].slice(0, 2).join('') || '?'
}

/** A hue (0–359) from the title's FNV-1a hash: the same title, the same colour, on both sides. */
export const monogramHue = (title: string) => {
  let hash = 0x811c9dc5
  for (const char of title.trim()) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % 360
}

/** The tile and letter colours of a hue in each theme, as #rrggbb. */
export const monogramPalette = (hue: number): Pick<Monogram, 'light' | 'dark'> => ({
  light: { background: hsl(hue, 70, 90), text: hsl(hue, 80, 24) },
  dark: { background: hsl(hue, 45, 24), text: hsl(hue, 85, 86) },
})

export const monogram = (title: string): Monogram => ({
  letters: monogramLetters(title),
  ...monogramPalette(monogramHue(title)),
})

const hsl = (hue: number, saturation: number, lightness: number) => {
  const s = saturation / 100
  const l = lightness / 100
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}
