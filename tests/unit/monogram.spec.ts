import { describe, expect, it } from 'vitest'

import { monogram, monogramHue, monogramLetters, monogramPalette } from '@/lib/monogram'

/** WCAG 2 contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (high + 0.05) / (low + 0.05)
}

const HUES = Array.from({ length: 360 }, (_, hue) => hue)

describe('monogramLetters', () => {
  it('should take the first letters of the first two words', () => {
    expect(monogramLetters('Bazaar One')).toBe('BO')
    expect(monogramLetters('Лавка пряностей')).toBe('ЛП')
  })

  it('should take one letter of a one-word title', () => {
    expect(monogramLetters('TradeHub')).toBe('T')
  })

  it('should skip what is no letter or digit', () => {
    expect(monogramLetters('  «Coin» — harbor!')).toBe('CH')
  })

  it('should show a question mark for a title without letters', () => {
    expect(monogramLetters('—')).toBe('?')
  })
})

describe('monogram colours', () => {
  it('should give the same title the same hue', () => {
    expect(monogramHue('Bazaar One')).toBe(monogramHue('Bazaar One'))
  })

  it('should spread different titles over different hues', () => {
    const titles = ['Bazaar One', 'Silk Market', 'TradeHub', 'Coin Harbor', 'Garden Talk']
    expect(new Set(titles.map(monogramHue)).size).toBeGreaterThan(3)
  })

  it('should keep the hue within 0–359', () => {
    expect(monogramHue('x'.repeat(500))).toBeGreaterThanOrEqual(0)
    expect(monogramHue('x'.repeat(500))).toBeLessThan(360)
  })

  it('should give the letters AA contrast in the light theme at every hue', () => {
    const worst = Math.min(
      ...HUES.map((hue) =>
        contrast(monogramPalette(hue).light.text, monogramPalette(hue).light.background),
      ),
    )
    expect(worst).toBeGreaterThanOrEqual(4.5)
  })

  it('should give the letters AA contrast in the dark theme at every hue', () => {
    const worst = Math.min(
      ...HUES.map((hue) =>
        contrast(monogramPalette(hue).dark.text, monogramPalette(hue).dark.background),
      ),
    )
    expect(worst).toBeGreaterThanOrEqual(4.5)
  })

  it('should give colours as #rrggbb', () => {
    const { light, dark } = monogram('Bazaar One')
    expect([light.background, light.text, dark.background, dark.text]).toEqual(
      Array(4).fill(expect.stringMatching(/^#[0-9a-f]{6}$/)),
    )
  })
})
