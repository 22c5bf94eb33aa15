import type { I18nClient } from '@payloadcms/translations'
import { formatDate } from '@payloadcms/ui/shared'

import type { FailedPublication } from '@/data/scheduledPublications'
import { DEFAULT_LOCALE, type Locale, isLocale } from '@/i18n/routing'
import { serverMessage } from '@/server/serverMessages'

/** The admin's language as the site's catalogues know it. */
export const adminLocale = (i18n?: { language?: string }): Locale =>
  isLocale(i18n?.language) ? i18n.language : DEFAULT_LOCALE

/** The admin's list of scheduled publications (ScheduledPublicationsView), under `/admin`. */
export const SCHEDULED_PUBLICATIONS_PATH = '/scheduled-publications'

/** The admin's date format («25 ноября 2026, 19:19»), as payload.config's `admin.dateFormat`. */
export const ADMIN_DATE_FORMAT = 'd MMMM yyyy, HH:mm'

export const say = (locale: Locale, key: string, values?: Record<string, string | number>) =>
  serverMessage({ locale, key: `scheduling.${key}`, values })

export const failureWhen = (failure: FailedPublication, i18n: I18nClient) =>
  formatDate({ date: failure.failedAt, i18n, pattern: ADMIN_DATE_FORMAT })

export const documentLabel = (failure: FailedPublication, locale: Locale) =>
  failure.title === null
    ? `${say(locale, 'untitled', { id: failure.docId })} — ${say(locale, 'dashboard-deleted')}`
    : failure.title || say(locale, 'untitled', { id: failure.docId })

/** A notice in the admin's error colours, in both of its themes. */
export const FAILURE_STYLE = {
  border: '1px solid var(--theme-error-500)',
  background: 'var(--theme-error-50)',
  color: 'var(--theme-elevation-800)',
  borderRadius: 'var(--style-radius-m, 4px)',
  padding: '0.75rem 1rem',
  marginBottom: '1.5rem',
  overflowWrap: 'anywhere',
} as const
