/**
 * Exact decimals for rates and amounts (issue 48): a feed's `0.1` of one currency for `0.2` of
 * another must show and multiply as written, never as binary floats do (0.30000000000000004).
 * Postgres hands numerics over as text; these keep them as integers scaled by a power of ten.
 */

/** `digits` × 10^-`scale`, never negative. */
export type Decimal = { digits: bigint; scale: number }

/** The most digits on either side of the point a typed or fed number may have. */
const DIGITS_MAX = 40

const DECIMAL_TEXT = new RegExp(`^(\\d{1,${DIGITS_MAX}})(?:[.,](\\d{0,${DIGITS_MAX}}))?$`)

/**
 * A decimal from text as a database or a person writes it: digits with a point or a comma
 * (`0,5` in Russian), spaces between groups allowed; null for anything else.
 */
export const parseDecimal = (text: string): Decimal | null => {
  const match = DECIMAL_TEXT.exec(text.trim().replace(/[\s\u00a0\u202f]/g, ''))
  if (!match) return null
  const fraction = match[2] ?? ''
  return { digits: BigInt(`${match[1]}${fraction}`), scale: fraction.length }
}

const TEN = BigInt(10)
const pow10 = (n: number) => TEN ** BigInt(n)

/** The two scaled to one scale, to compare or add their digits. */
const aligned = (a: Decimal, b: Decimal): [bigint, bigint] => {
  const scale = Math.max(a.scale, b.scale)
  return [a.digits * pow10(scale - a.scale), b.digits * pow10(scale - b.scale)]
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export const compareDecimals = (a: Decimal, b: Decimal): -1 | 0 | 1 => {
  const [x, y] = aligned(a, b)
  return x < y ? -1 : x > y ? 1 : 0
}

export const isZero = (value: Decimal) => value.digits === BigInt(0)

/** `a` × `b` ÷ `c`, cut (not rounded: what an exchanger pays) to `scale` digits after the point. */
export const mulDiv = (a: Decimal, b: Decimal, c: Decimal, scale: number): Decimal => {
  const numerator = a.digits * b.digits * pow10(c.scale + scale)
  const denominator = c.digits * pow10(a.scale + b.scale)
  return { digits: numerator / denominator, scale }
}

/** `value` cut to at most `scale` digits after the point. */
export const truncate = (value: Decimal, scale: number): Decimal =>
  value.scale <= scale ? value : { digits: value.digits / pow10(value.scale - scale), scale }

/** Plain text with a point and no trailing zeros: `6812345.1`, `0.00012`, `5`. */
export const decimalText = ({ digits, scale }: Decimal): string => {
  const text = digits.toString().padStart(scale + 1, '0')
  if (!scale) return text
  const whole = text.slice(0, -scale)
  const fraction = text.slice(-scale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

const formats = new Map<string, Intl.NumberFormat>()

/**
 * `value` in `locale`'s digits and separators (`6 812 345,1` in Russian), cut to `fraction`
 * digits after the point. Intl reads the text exactly, as a decimal, not through a float.
 */
export const formatDecimal = (value: Decimal, locale: string, fraction: number) => {
  const key = `${locale}:${fraction}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: fraction })
    formats.set(key, format)
  }
  return format.format(decimalText(truncate(value, fraction)) as `${number}`)
}
