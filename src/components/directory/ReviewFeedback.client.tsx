'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, createContext, useContext, useState } from 'react'
import useSWR from 'swr'

import type { ReviewRelation } from '@/api/reviewFeedback'
import { type GetAnswer, apiPath, apiPost } from '@/client/api'
import { useViewer } from '@/client/swr/useViewer'
import { clientOnly } from '@/components/clientOnly.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { useToast } from '@/components/ui/Toast.client'
import { Link } from '@/i18n/navigation'

const LazyReportDialog = clientOnly(() =>
  import('./ReportDialog.client').then((module) => module.ReportDialog),
)

type Viewer =
  | { status: 'unknown' }
  | { status: 'guest' }
  | { status: 'known'; userId: number; of: Map<number, ReviewRelation> }

const ViewerContext = createContext<Viewer>({ status: 'unknown' })

/**
 * Where the visitor stands towards the reviews of a page (marked helpful, reported): the resource
 * pages are the same for everyone, so the browser asks once (GET /review-relations).
 */
export function ReviewRelations({ ids, children }: { ids: number[]; children: ReactNode }) {
  const { viewer, isLoading } = useViewer()
  const { data } = useSWR<GetAnswer<'/review-relations'>>(
    viewer && ids.length ? apiPath('/review-relations', { ids: ids.join(',') }) : null,
  )
  const value: Viewer = isLoading
    ? { status: 'unknown' }
    : !viewer
      ? { status: 'guest' }
      : data
        ? {
            status: 'known',
            userId: viewer.id,
            of: new Map(data.relations.map((r) => [r.review_id, r])),
          }
        : { status: 'unknown' }
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>
}

/**
 * A review's "Helpful" and "Report" for the visitor: a guest is sent to sign in, the author sees
 * only the count, anyone else votes (once, and may take it back) and reports into the admins'
 * moderation queue.
 */
export function ReviewFeedback({
  reviewId,
  authorId,
  helpfulCount,
  signInHref,
}: {
  reviewId: number
  authorId: number | null
  helpfulCount: number
  signInHref: string
}) {
  const t = useTranslations('review-actions')
  const viewer = useContext(ViewerContext)
  const relation = viewer.status === 'known' ? viewer.of.get(reviewId) : undefined
  // The count now, for a signed-in reader: the page may be older than their own vote.
  const count = relation?.helpful_count ?? helpfulCount
  const shownCount =
    count > 0 ? <span className="review-helpful-count">{t('helpful-count', { count })}</span> : null

  if (viewer.status === 'guest') {
    return (
      <div className="review-feedback">
        <Link
          href={signInHref}
          className={buttonClass({ variant: 'ghost', size: 's' })}
          title={t('sign-in-to-vote')}
        >
          <ThumbIcon /> {t('helpful')}
        </Link>
        {shownCount}
      </div>
    )
  }
  if (viewer.status === 'unknown' || viewer.userId === authorId) {
    return <div className="review-feedback">{shownCount}</div>
  }
  return (
    <ViewerFeedback
      // A new answer (another account) starts the buttons from it.
      key={`${viewer.userId}-${relation?.helpful}-${relation?.reported}-${count}`}
      reviewId={reviewId}
      helpfulCount={count}
      helpful={relation?.helpful ?? false}
      reported={relation?.reported ?? false}
    />
  )
}

function ThumbIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14l.8-4.2A1.6 1.6 0 0 0 12 4.6L9 9.6V21z"
        fill="currentColor"
      />
    </svg>
  )
}

function ViewerFeedback({
  reviewId,
  helpfulCount,
  helpful: initialHelpful,
  reported: initialReported,
}: {
  reviewId: number
  helpfulCount: number
  helpful: boolean
  reported: boolean
}) {
  const t = useTranslations('review-actions')
  const toast = useToast()
  const [helpful, setHelpful] = useState(initialHelpful)
  const [count, setCount] = useState(helpfulCount)
  const [isBusy, setIsBusy] = useState(false)
  const [reported, setReported] = useState(initialReported)
  const [isReporting, setIsReporting] = useState(false)
  // The dialog's code loads at the first "Report", and the dialog stays to return the focus.
  const [hasAsked, setHasAsked] = useState(false)

  const toggle = async () => {
    setIsBusy(true)
    const answer = await apiPost('/review-helpful', {
      review_id: reviewId,
      helpful: !helpful,
    }).catch(() => null)
    setIsBusy(false)
    if (answer?.ok) {
      setHelpful(answer.data.helpful)
      setCount(answer.data.helpful_count)
    } else {
      toast(answer?.data?.message ?? t('failed'), 'error')
    }
  }

  return (
    <div className="review-feedback">
      <Button
        variant="ghost"
        size="s"
        className="review-helpful"
        aria-pressed={helpful}
        aria-label={t('helpful-label')}
        busy={isBusy}
        onClick={toggle}
      >
        {!isBusy && <ThumbIcon />} {t('helpful')}
      </Button>
      {count > 0 && (
        <span className="review-helpful-count" aria-live="polite">
          {t('helpful-count', { count })}
        </span>
      )}
      {reported ? (
        <span className="review-reported">{t('reported')}</span>
      ) : (
        <Button
          variant="ghost"
          size="s"
          className="review-report"
          onClick={() => {
            setHasAsked(true)
            setIsReporting(true)
          }}
        >
          {t('report')}
        </Button>
      )}
      {hasAsked && (
        <LazyReportDialog
          reviewId={reviewId}
          open={isReporting}
          onClose={() => setIsReporting(false)}
          onReported={() => {
            setIsReporting(false)
            setReported(true)
          }}
        />
      )}
    </div>
  )
}
