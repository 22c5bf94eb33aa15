import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/routing'

/**
 * Says that a text is shown in the other language, for want of a translation (`shown_in`); the
 * text itself carries `lang`, so that a screen reader reads it in its own language.
 */
export async function FallbackNote({ locale, shownIn }: { locale: Locale; shownIn: Locale }) {
  if (shownIn === locale) return null
  const t = await getTranslations({ locale, namespace: 'articles' })
  return (
    <p className="fallback-note" role="note">
      <span aria-hidden="true">ⓘ</span> {t(`fallback-${shownIn}`)}
    </p>
  )
}
