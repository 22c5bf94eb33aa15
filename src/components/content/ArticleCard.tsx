import { getFormatter, getTranslations } from 'next-intl/server'

import type { ArticleSummary } from '@/data/views/content'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'

import { ArticleImage } from './ArticleImage'

/** One news item or post in a list: its picture, title (the link), date and summary. */
export async function ArticleCard({
  article,
  locale,
  headingLevel = 2,
  compact = false,
  showKind = false,
}: {
  article: ArticleSummary
  locale: Locale
  headingLevel?: 2 | 3 | 4
  /** Without the picture and with a shorter summary: search results. */
  compact?: boolean
  /** Says whether it is a news item or a post (where both are listed together). */
  showKind?: boolean
}) {
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'articles' }),
    getFormatter({ locale }),
  ])
  const Heading = `h${headingLevel}` as const
  const lang = article.shown_in === locale ? undefined : article.shown_in
  return (
    <article className={['card article-card', compact ? 'article-card-compact' : ''].join(' ')}>
      {!compact && article.image && (
        <ArticleImage
          image={article.image}
          sizes="(max-width: 700px) calc(100vw - 32px), 420px"
          className="article-card-image"
        />
      )}
      <div className="article-card-body">
        <p className="article-meta">
          {showKind && <span className="article-kind">{t(`kind-${article.collection}`)}</span>}
          {article.published_at && (
            <time dateTime={article.published_at}>
              {format.dateTime(new Date(article.published_at), { dateStyle: 'long' })}
            </time>
          )}
          {lang && <span className="article-lang">{t(`in-${lang}`)}</span>}
        </p>
        <Heading className="article-card-title" lang={lang}>
          <Link href={article.path}>{article.title}</Link>
        </Heading>
        {article.excerpt && (
          <p className="article-card-excerpt" lang={lang}>
            {article.excerpt}
          </p>
        )}
      </div>
    </article>
  )
}
