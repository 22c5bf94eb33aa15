import type { Locale } from '@/i18n/routing'
import { serverMessage } from '@/server/serverMessages'

/** The admin's machinery screen (MachineryView), under `/admin`. */
export const MACHINERY_PATH = '/system'

export const say = (locale: Locale, key: string, values?: Record<string, string | number>) =>
  serverMessage({ locale, key: `machinery.${key}`, values })

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]

/**
 * The largest whole unit of `seconds` that says it well: [7200] → [2, 'hour']; days only from two
 * on (36 hours are «36 часов», not «1 день», which reads as yesterday).
 */
const largestUnit = (seconds: number): [number, Intl.RelativeTimeFormatUnit] => {
  for (const [unit, size] of UNITS) {
    if (seconds >= (unit === 'day' ? 2 * size : size)) return [Math.floor(seconds / size), unit]
  }
  return [0, 'second']
}

/** How long ago `at` was, in the admin's language: «5 часов назад», "5 hours ago", "now". */
export const ago = (at: number, locale: Locale, now: number) => {
  const [value, unit] = largestUnit(Math.max(0, Math.round((now - at) / 1000)))
  const numeric = unit === 'second' && value < 10 ? 'auto' : 'always'
  return new Intl.RelativeTimeFormat(locale, { numeric }).format(-value, unit)
}

/** A span of time in its largest unit: «2 ч», "2 hr". */
export const span = (seconds: number, locale: Locale) => {
  const [value, unit] = largestUnit(Math.round(seconds))
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value)
}

/** Bytes in megabytes or gigabytes: «1,4 ГБ», "310.2 MB". */
export const size = (bytes: number, locale: Locale) => {
  const gigabytes = bytes >= 1024 ** 3
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: gigabytes ? 'gigabyte' : 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / 1024 ** (gigabytes ? 3 : 2))
}
