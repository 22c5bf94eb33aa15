'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button, type ButtonVariant } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { useToast } from '@/components/ui/Toast.client'
import type { BulkAction, BulkOutcome, BulkQueue } from '@/lib/moderation'

import { useDecisions } from './Decisions.client'
import { ReasonDialog } from './ReasonDialog.client'

/**
 * The items picked on a queue's page. Only this page's count (`selected`): the list calls `pick([])`
 * when it turns the page, so a batch is always what the moderator sees.
 */
export const useSelection = (ids: number[]) => {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  return {
    selected: ids.filter((id) => chosen.has(id)),
    isSelected: (id: number) => chosen.has(id),
    toggle: (id: number, on: boolean) =>
      setChosen((current) => {
        const next = new Set(current)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
    pick: (picked: number[]) => setChosen(new Set(picked)),
  }
}

export type Selection = ReturnType<typeof useSelection>

/** One of a queue's bulk decisions: its button, how it asks, and its toast. */
export type BulkChoice = {
  action: BulkAction
  label: string
  variant?: ButtonVariant
  /** A decision that says why: one reason for all, in a dialog. */
  reason?: { title: string; description: string; label: string; hint: string; confirm: string }
  /** Or a plain confirmation. */
  confirm?: { title: string; message: string; confirmLabel: string }
  done: (count: number) => string
}

/**
 * A queue page's bulk bar: "select all on this page", how many are picked, and the queue's
 * decisions for them in one call. The server decides each item on its own; the bar says so, and
 * the items that failed stay picked and are listed with why (DecisionsProvider).
 */
export function BulkBar({
  queue,
  items,
  selection,
  choices,
}: {
  queue: BulkQueue
  /** The page's items, each with what the list calls it. */
  items: { id: number; label: string }[]
  selection: Selection
  choices: BulkChoice[]
}) {
  const t = useTranslations('moderation-bulk')
  const toast = useToast()
  const { announce } = useDecisions()
  const { confirm, dialog } = useConfirm()
  const [asking, setAsking] = useState<BulkChoice | null>(null)
  const [busy, setBusy] = useState(false)
  const all = useRef<HTMLInputElement>(null)
  const count = selection.selected.length
  const isAll = count > 0 && count === items.length

  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && !isAll
  }, [count, isAll])

  const labels = Object.fromEntries(items.map((item) => [item.id, item.label]))
  const send = (choice: BulkChoice, reason?: string) =>
    apiPost('/moderate-in-bulk', {
      queue,
      ids: selection.selected,
      action: choice.action,
      ...(reason ? { reason } : {}),
    })

  const finish = (choice: BulkChoice, outcome: BulkOutcome) => {
    selection.pick(outcome.failed.map((failure) => failure.id))
    const isNone = outcome.done.length === 0
    announce({
      message: isNone ? t('none-done') : choice.done(outcome.done.length),
      isFailure: isNone,
      undo: outcome.undo,
      failed: outcome.failed,
      labels,
    })
  }

  const start = async (choice: BulkChoice) => {
    if (choice.reason) return setAsking(choice)
    if (choice.confirm) {
      const { title, message, confirmLabel } = choice.confirm
      const isSure = await confirm({
        title,
        message: `${message} ${t('each-own', { count })}`,
        confirmLabel,
        tone: choice.variant === 'danger' ? 'danger' : 'primary',
      })
      if (!isSure) return
    }
    setBusy(true)
    const answer = await send(choice)
    setBusy(false)
    if (!answer.ok) return toast(answer.data.message ?? t('failed'), 'error')
    finish(choice, answer.data)
  }

  return (
    <div className="bulk-bar" role="group" aria-label={t('label')}>
      <label className="checkbox bulk-all">
        <input
          ref={all}
          type="checkbox"
          checked={isAll}
          onChange={(event) =>
            selection.pick(event.currentTarget.checked ? items.map((item) => item.id) : [])
          }
        />
        {t('select-page')}
      </label>
      <span className="bulk-count" aria-live="polite">
        {t('selected', { count })}
      </span>
      <div className="bulk-actions">
        {choices.map((choice) => (
          <Button
            key={choice.action}
            size="s"
            variant={choice.variant ?? 'secondary'}
            disabled={count === 0 || busy}
            onClick={() => void start(choice)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
      {count > 0 && <p className="bulk-hint">{t('hint')}</p>}
      {asking?.reason && (
        <ReasonDialog
          id={`bulk-${queue}-${asking.action}`}
          title={asking.reason.title}
          description={`${asking.reason.description} ${t('each-own', { count })}`}
          label={asking.reason.label}
          hint={asking.reason.hint}
          confirmLabel={asking.reason.confirm}
          send={(reason) => send(asking, reason)}
          onClose={() => setAsking(null)}
          onDone={(outcome) => {
            setAsking(null)
            finish(asking, outcome)
          }}
        />
      )}
      {dialog}
    </div>
  )
}
