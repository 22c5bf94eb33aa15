'use client'

import { useTranslations } from 'next-intl'
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { useToast } from '@/components/ui/Toast.client'
import { type BulkQueue, type ItemFailure, UNDO_OFFER_MS, type UndoOffer } from '@/lib/moderation'

/** What a moderator's decision, one item or a batch, came to. */
export type Decision = {
  /** The toast's sentence. */
  message: string
  isFailure?: boolean
  undo: UndoOffer | null
  /** The items not decided, with why: listed until closed, never only toasted. */
  failed?: ItemFailure[]
  /** What the list calls each item, by id, to name the failed ones. */
  labels?: Record<number, string>
}

type Outcome = { title: string; failed: ItemFailure[]; labels: Record<number, string> }

const DecisionsContext = createContext<{ announce: (decision: Decision) => void }>({
  announce: () => {},
})

/**
 * A queue's decisions: each is toasted with "Undo" for a while (an undo goes back through the
 * server's rules, which say what they could not put back); the items a batch or an undo could not
 * decide stay listed above the queue, with why, until the moderator closes the list. What a
 * decision mailed or notified cannot be recalled, and the toast says so. `onChange` reads the
 * queue again.
 */
export function DecisionsProvider({
  queue,
  onChange,
  children,
}: {
  queue: BulkQueue
  onChange: () => void
  children: ReactNode
}) {
  const t = useTranslations('moderation-bulk')
  const toast = useToast()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const changed = useRef(onChange)
  useEffect(() => {
    changed.current = onChange
  }, [onChange])

  const undo = useCallback(
    async (offer: UndoOffer, labels: Record<number, string>) => {
      const answer = await apiPost('/undo-moderation', { token: offer.token })
      changed.current()
      if (!answer.ok) return toast(answer.data.message ?? t('failed'), 'error')
      const { undone, failed } = answer.data
      if (undone.length) toast(t('undone', { count: undone.length }), 'info')
      setOutcome(
        failed.length
          ? { title: t('undo-failed-title', { count: failed.length }), failed, labels }
          : null,
      )
    },
    [t, toast],
  )

  const announce = useCallback(
    ({ message, isFailure, undo: offer, failed = [], labels = {} }: Decision) => {
      changed.current()
      const note = offer?.notified ? ` ${t(`notified-${queue}`, { count: offer.notified })}` : ''
      toast(
        `${message}${note}`,
        isFailure ? 'error' : 'success',
        offer
          ? {
              action: { label: t('undo'), onAction: () => void undo(offer, labels) },
              durationMs: UNDO_OFFER_MS,
            }
          : undefined,
      )
      setOutcome(
        failed.length
          ? { title: t('bulk-failed-title', { count: failed.length }), failed, labels }
          : null,
      )
    },
    [queue, t, toast, undo],
  )

  const value = useMemo(() => ({ announce }), [announce])
  return (
    <DecisionsContext.Provider value={value}>
      {outcome && <OutcomeList outcome={outcome} onClose={() => setOutcome(null)} />}
      {children}
    </DecisionsContext.Provider>
  )
}

/** `const { announce } = useDecisions()` inside a DecisionsProvider. */
export const useDecisions = () => useContext(DecisionsContext)

function OutcomeList({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const ui = useTranslations('ui')
  return (
    <div className="moderation-outcome" role="alert">
      <p className="moderation-outcome-title">{outcome.title}</p>
      <ul>
        {outcome.failed.map((failure) => (
          <li key={failure.id}>
            <strong>{outcome.labels[failure.id] ?? `#${failure.id}`}</strong>: {failure.message}
          </li>
        ))}
      </ul>
      <Button size="s" variant="ghost" onClick={onClose}>
        {ui('close')}
      </Button>
    </div>
  )
}
