import { getTranslations } from 'next-intl/server'

import type { FaqView } from '@/data/views/content'
import type { Locale } from '@/i18n/routing'
import { FAQ_CATEGORIES } from '@/lib/content'

import { FaqAnchor } from './FaqAnchor.client'
import { FaqItem } from './FaqItem'

/** The FAQ grouped by category, in the categories' order, with a contents list above. */
export async function FaqList({ faqs, locale }: { faqs: FaqView[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'faqs' })
  const groups = FAQ_CATEGORIES.map((category) => ({
    category,
    items: faqs.filter((faq) => faq.category === category),
  })).filter((group) => group.items.length > 0)
  return (
    <>
      <FaqAnchor />
      {groups.length > 1 && (
        <nav className="faq-contents" aria-label={t('categories')}>
          <ul>
            {groups.map(({ category }) => (
              <li key={category}>
                <a href={`#faq-category-${category}`}>{t(`category-${category}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map(({ category, items }) => (
        <section
          key={category}
          id={`faq-category-${category}`}
          className="faq-group"
          aria-labelledby={`faq-category-${category}-title`}
        >
          <h2 id={`faq-category-${category}-title`}>{t(`category-${category}`)}</h2>
          <div className="faq-items">
            {items.map((faq) => (
              <FaqItem key={faq.id} faq={faq} locale={locale} />
            ))}
          </div>
        </section>
      ))}
    </>
  )
}
