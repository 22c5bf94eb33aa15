'use client'

import { useTranslations } from 'next-intl'

import { clientOnly } from '@/components/clientOnly.client'

import { CommentsLoading } from './CommentsLoading'

/** What stands in the comments' place until their code has come. */
function CommentsPlaceholder() {
  const t = useTranslations('comments')
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments-heading">
        {t('heading')}
      </h2>
      <CommentsLoading />
    </section>
  )
}

/**
 * The comments under a news item or a post. The article page is cached for everyone, so the page
 * renders nothing personal: the browser loads the comments' code, then the comments, and learns
 * who is looking; the article is read meanwhile.
 */
export const Comments = clientOnly(
  () => import('./Comments.client').then((module) => module.CommentsClient),
  CommentsPlaceholder,
)
