'use client'

import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { applyTheme } from '@/client/theme'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { UnsavedMark } from '@/components/ui/UnsavedMark'
import { useApiForm } from '@/components/useApiForm.client'
import { useTheme } from '@/components/useTheme.client'
import { usePathname } from '@/i18n/navigation'
import { LOCALES, type Locale, isLocale, localizedPath } from '@/i18n/routing'
import { THEMES, type Theme, isTheme } from '@/lib/theme'

/** Each language is named in itself. */
const LANGUAGE_NAMES: Record<Locale, string> = { ru: 'Русский', en: 'English' }

/** Theme and language: kept in the browser, and on the account when signed in. */
export function SiteSettingsForm({ isSignedIn }: { isSignedIn: boolean }) {
  const t = useTranslations('settings')
  const locale = useLocale()
  const pathname = usePathname()
  const shownTheme = useTheme()
  const form = useApiForm([])
  const [theme, setTheme] = useState<Theme | null>(null)
  const [language, setLanguage] = useState(locale)
  const toast = useToast()
  const chosenTheme = theme ?? shownTheme

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!chosenTheme || !isLocale(language)) return
    if (isSignedIn) {
      const answer = await form.submit(() =>
        apiPost('/update-user-by-id', { theme: chosenTheme, locale: language }),
      )
      if (!answer?.ok) return
    }
    applyTheme(chosenTheme)
    if (language !== locale) {
      // A full load: the whole page, header included, is rendered in the other language.
      window.location.assign(localizedPath(language, pathname))
      return
    }
    toast(t('saved'))
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <fieldset className="radio-group">
        <legend>{t('theme')}</legend>
        {THEMES.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="theme"
              value={value}
              checked={chosenTheme === value}
              onChange={(event) => isTheme(event.target.value) && setTheme(event.target.value)}
            />
            {t(`theme-${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="radio-group">
        <legend>{t('language')}</legend>
        {LOCALES.map((value) => (
          <label key={value} lang={value}>
            <input
              type="radio"
              name="locale"
              value={value}
              checked={language === value}
              onChange={() => setLanguage(value)}
            />
            {LANGUAGE_NAMES[value]}
          </label>
        ))}
      </fieldset>
      <p className="field-hint">{isSignedIn ? t('account-note') : t('guest-note')}</p>
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting} disabled={!chosenTheme}>
          {form.isSubmitting ? t('saving') : t('save')}
        </Button>
        <UnsavedMark isDirty={(theme !== null && theme !== shownTheme) || language !== locale} />
      </div>
    </form>
  )
}
