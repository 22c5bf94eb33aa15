import { getTranslations } from 'next-intl/server'

import type { FaqView } from '@/data/views/content'
import type { Locale } from '@/i18n/routing'

import { FaqCopyLink } from './FaqCopyLink.client'
import { PageFallbackNote } from './PageFallbackNote'
import { RichContent } from './RichContent'

/**
 * One question of the FAQ: a native disclosure (opens by keyboard and without JavaScript) whose
 * id is the question's slug, so `/faqs#slug` names it (FaqAnchor opens it), its answer in rich
 * text, a note when it is shown in the other language, and a button that copies its link.
 */
export async function FaqItem({
  faq,
  locale,
  open = false,
}: {
  faq: FaqView
  locale: Locale
  open?: boolean
}) {
  const t = await getTranslations({ locale, namespace: 'faqs' })
  const lang = faq.shown_in === locale ? undefined : faq.shown_in
  return (
    <details id={faq.slug} className="faq-item" open={open || undefined}>
      <summary className="faq-question">
        <span lang={lang}>{faq.question}</span>
      </summary>
      <div className="faq-answer">
        <PageFallbackNote locale={locale} shownIn={faq.shown_in} namespace="faqs" />
        <RichContent data={faq.answer} locale={locale} lang={lang} />
        <FaqCopyLink
          anchor={faq.slug}
          label={t('copy-link', { question: faq.question })}
          doneLabel={t('link-copied')}
        />
      </div>
    </details>
  )
}
