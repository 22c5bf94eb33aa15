import { useTranslations } from 'next-intl'

import { Loading, Skeleton } from '@/components/ui/States'

/** Three comment-shaped placeholders while the comments load. */
export function CommentsLoading() {
  const t = useTranslations('comments')
  return (
    <div className="comments-loading" aria-busy="true">
      <Loading label={t('loading')} inline />
      {[0, 1, 2].map((i) => (
        <div key={i} className="comment comment-skeleton">
          <Skeleton shape="circle" width="40px" height="40px" />
          <div className="comment-skeleton-lines">
            <Skeleton width="40%" />
            <Skeleton lines={2} />
          </div>
        </div>
      ))}
    </div>
  )
}
