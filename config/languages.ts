import { en } from '@payloadcms/translations/languages/en'
import { ru } from '@payloadcms/translations/languages/ru'
import type { Config } from 'payload'

import { russianAdminWords } from '@/server/adminTranslations'
import { fallbackLocale } from '@/server/env'

/** The admin's languages and the words of Payload's that the site says otherwise. */
export const i18n: Config['i18n'] = {
  fallbackLanguage: fallbackLocale(),
  supportedLanguages: { ru, en },
  // The site's words where Payload's differ (a login, yes and no for a checkbox); Payload's
  // Russian search placeholder drops the field's name, and its sort buttons print a label given
  // in both languages as "[object Object]": both read without it.
  translations: {
    ru: {
      ...russianAdminWords,
      authentication: { username: 'Логин' },
      general: {
        ...russianAdminWords.general,
        true: 'Да',
        false: 'Нет',
        searchBy: 'Искать по: {{label}}',
        or: 'или',
        sortByLabelDirection: 'Сортировка {{direction}}',
        ascending: 'по возрастанию',
        descending: 'по убыванию',
      },
    },
    en: {
      authentication: { username: 'Login' },
      general: { true: 'Yes', false: 'No', sortByLabelDirection: 'Sort {{direction}}' },
    },
  },
}

export const localization: Config['localization'] = {
  // Each language falls back to the other: a text written in one language only (a resource
  // added in English, a news item not yet translated) is read in the other rather than as
  // nothing; the site's pages tell when they show such a text (`shown_in`).
  locales: [
    { code: 'ru', label: 'Русский', fallbackLocale: 'en' },
    { code: 'en', label: 'English', fallbackLocale: 'ru' },
  ],
  defaultLocale: 'ru',
  fallback: true,
}
