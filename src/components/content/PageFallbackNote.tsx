import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/routing'

/**
 * Says that a page or an answer is shown in the other language, for want of a translation
 * (`shown_in`); the text itself carries `lang`, so that a screen reader reads it in its language.
 */
export async function PageFallbackNote({
  locale,
  shownIn,
  namespace = 'pages',
}: {
  locale: Locale
  shownIn: Locale
  namespace?: 'pages' | 'faqs'
}) {
  if (shownIn === locale) return null
  const t = await getTranslations({ locale, namespace })
  return (
    <p className="page-fallback" role="note">
      <span aria-hidden="true">ⓘ</span> {t(`fallback-${shownIn}`)}
    </p>
  )
}
