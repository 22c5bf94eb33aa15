import { getFormatter, getTranslations } from 'next-intl/server'

import { getArticleNeighbours } from '@/data/content'
import type { ArticleSummary, ArticleView } from '@/data/views/content'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { articleListPath } from '@/lib/content'

import { ArticleImage } from './ArticleImage'
import { articleStructuredData, jsonForScript } from './articleMeta'
import { FallbackNote } from './FallbackNote'
import { Comments } from './LazyComments.client'
import { RichContent } from './RichContent'

/**
 * A news item's or post's page: where it sits, its title, date and reading time, its picture,
 * its text (with a note when it is shown in the other language), the ones before and after it,
 * and its comments (loaded by the browser: the page is the same for everyone).
 */
export async function ArticleBody({ article, locale }: { article: ArticleView; locale: Locale }) {
  const { collection } = article
  const [t, format, neighbours, jsonLd] = await Promise.all([
    getTranslations({ locale, namespace: 'articles' }),
    getFormatter({ locale }),
    article.published_at
      ? getArticleNeighbours({ collection, publishedAt: article.published_at, locale })
      : Promise.resolve({ previous: null, next: null }),
    articleStructuredData({ article, locale }),
  ])
  const lang = article.shown_in === locale ? undefined : article.shown_in

  return (
    <>
      <article className="article" aria-labelledby="article-title">
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
        />
        <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
          <ol>
            <li>
              <Link href="/">{t('home')}</Link>
            </li>
            <li>
              <Link href={articleListPath(collection)}>{t(`${collection}-title`)}</Link>
            </li>
            <li aria-current="page" lang={lang}>
              {article.title}
            </li>
          </ol>
        </nav>
        <header className="article-header">
          <h1 id="article-title" lang={lang}>
            {article.title}
          </h1>
          <p className="article-meta">
            {article.published_at && (
              <time dateTime={article.published_at}>
                {format.dateTime(new Date(article.published_at), { dateStyle: 'long' })}
              </time>
            )}
            <span>{t('reading-time', { minutes: article.reading_minutes })}</span>
          </p>
          {article.excerpt && (
            <p className="lead article-lead" lang={lang}>
              {article.excerpt}
            </p>
          )}
        </header>
        {article.image && (
          <ArticleImage
            image={article.image}
            sizes="(max-width: 800px) calc(100vw - 32px), 760px"
            className="article-hero"
            priority
          />
        )}
        <FallbackNote locale={locale} shownIn={article.shown_in} />
        <RichContent data={article.content} locale={locale} lang={lang} />
        {(neighbours.previous || neighbours.next) && (
          <nav className="article-neighbours" aria-label={t('neighbours')}>
            <Neighbour article={neighbours.next} label={t('newer')} locale={locale} rel="next" />
            <Neighbour
              article={neighbours.previous}
              label={t('older')}
              locale={locale}
              rel="prev"
            />
          </nav>
        )}
      </article>
      <Comments collection={collection} id={article.id} />
    </>
  )
}

function Neighbour({
  article,
  label,
  locale,
  rel,
}: {
  article: ArticleSummary | null
  label: string
  locale: Locale
  rel: 'prev' | 'next'
}) {
  if (!article) return <span />
  return (
    <Link href={article.path} className={`article-neighbour article-neighbour-${rel}`}>
      <span className="article-neighbour-label">{label}</span>
      <span lang={article.shown_in === locale ? undefined : article.shown_in}>{article.title}</span>
    </Link>
  )
}
