'use client'

import { useFormatter, useTranslations } from 'next-intl'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A `YYYY-MM-DD` day (UTC) as a date that formats as that same day. */
export const dateOf = (day: string) => new Date(`${day}T00:00:00Z`)

/** Today as the figures' days are counted (UTC): a day not over yet. */
export const isToday = (day: string) => day === new Date().toISOString().slice(0, 10)

/**
 * The page's numbers, days and durations in the reader's language: "1 234", "4,2 %", "5 нояб.",
 * "3 h 20 min".
 */
export const useAnalyticsFormat = () => {
  const format = useFormatter()
  const t = useTranslations('analytics')
  const count = (value: number) => format.number(value)
  const percent = (ratio: number | null) =>
    ratio === null
      ? '—'
      : format.number(ratio, { style: 'percent', maximumFractionDigits: ratio < 0.1 ? 1 : 0 })
  const grade = (value: number | null) =>
    value === null
      ? '—'
      : format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const day = (value: string) =>
    format.dateTime(dateOf(value), { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const longDay = (value: string) =>
    format.dateTime(dateOf(value), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
  const period = (from: string, to: string) =>
    format.dateTimeRange(dateOf(from), dateOf(to), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
  const duration = (seconds: number | null) => {
    if (seconds === null) return '—'
    const whole = Math.round(seconds)
    if (whole < MINUTE) return t('duration-seconds', { seconds: whole })
    const minutes = Math.round(whole / MINUTE)
    if (minutes < 60) return t('duration-minutes', { minutes })
    const hours = Math.round(whole / HOUR)
    if (whole < DAY) {
      const [wholeHours, rest] = [Math.floor(minutes / 60), minutes % 60]
      return rest
        ? t('duration-hours-minutes', { hours: wholeHours, minutes: rest })
        : t('duration-hours', { hours: wholeHours })
    }
    const [days, rest] = [Math.floor(hours / 24), hours % 24]
    return rest ? t('duration-days-hours', { days, hours: rest }) : t('duration-days', { days })
  }
  const time = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return { count, percent, grade, day, longDay, period, duration, time }
}
