import { getFormatter, getTranslations } from 'next-intl/server'
import type { ReactNode } from 'react'

import type { PageView } from '@/data/views/content'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'

import { ArticleImage } from './ArticleImage'
import { PageFallbackNote } from './PageFallbackNote'
import { RichContent } from './RichContent'

/**
 * An editors' page (about-us, contacts, `/informations/{url}`): where it sits, its title, its
 * picture at its sharp sizes, a note when it is shown in the other language, its text and the
 * date of its last change in the reader's locale. `aside` sits beside the text on wide screens
 * (the contact form).
 */
export async function PageArticle({
  page,
  locale,
  aside,
  after,
}: {
  page: PageView
  locale: Locale
  aside?: ReactNode
  /** What the site adds after the editors' text (the privacy page's retention periods). */
  after?: ReactNode
}) {
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'pages' }),
    getFormatter({ locale }),
  ])
  const lang = page.shown_in === locale ? undefined : page.shown_in
  const updated = (
    <p className="page-updated">
      <time dateTime={page.updated_at}>
        {t('updated', { date: format.dateTime(new Date(page.updated_at), { dateStyle: 'long' }) })}
      </time>
    </p>
  )
  return (
    <article className={aside ? 'page page-with-aside' : 'page'} aria-labelledby="page-title">
      <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link href="/">{t('home')}</Link>
          </li>
          <li aria-current="page" lang={lang}>
            {page.title}
          </li>
        </ol>
      </nav>
      <header className="page-header">
        <h1 id="page-title" lang={lang}>
          {page.title}
        </h1>
        {page.summary && (
          <p className="lead" lang={lang}>
            {page.summary}
          </p>
        )}
      </header>
      {page.image && (
        <ArticleImage
          image={page.image}
          sizes="(max-width: 1032px) calc(100vw - 32px), 1000px"
          className="page-hero"
          priority
        />
      )}
      <PageFallbackNote locale={locale} shownIn={page.shown_in} />
      <div className="page-columns">
        <div className="page-text">
          <RichContent data={page.content} locale={locale} lang={lang} />
          {after}
          {updated}
        </div>
        {aside}
      </div>
    </article>
  )
}
