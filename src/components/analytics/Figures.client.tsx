'use client'

import type { ReactNode } from 'react'

import { Change, type Versus } from './Change.client'

/** One summary figure: what it counts, its value, and its change against the previous period. */
export type Figure = { id: string; label: string; value: string; change?: ReactNode; note?: string }

/** A count against the previous period's: the figure most cards are. */
export const countFigure = ({
  id,
  label,
  current,
  previous,
  versus,
  formatCount,
  lowerIsBetter = false,
  note,
}: {
  id: string
  label: string
  current: number
  previous: number
  versus: Versus
  formatCount: (value: number) => string
  lowerIsBetter?: boolean
  note?: string
}): Figure => ({
  id,
  label,
  value: formatCount(current),
  note,
  change: (
    <Change
      current={current}
      previous={previous}
      versus={versus}
      lowerIsBetter={lowerIsBetter}
      formatPrevious={(value) => formatCount(value ?? 0)}
    />
  ),
})

/** The period's figures as a grid of small cards (two a row on a phone). */
export function Figures({ label, figures }: { label: string; figures: Figure[] }) {
  return (
    <ul className="analytics-figures" aria-label={label}>
      {figures.map((figure) => (
        <li key={figure.id} className="card analytics-figure" data-figure={figure.id}>
          <span className="analytics-figure-label">{figure.label}</span>
          <span className="analytics-figure-value">{figure.value}</span>
          {figure.change}
          {figure.note && <span className="analytics-figure-note">{figure.note}</span>}
        </li>
      ))}
    </ul>
  )
}
