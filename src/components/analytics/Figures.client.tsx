'use client'

import type { ReactNode } from 'react'

/** One summary figure: what it counts, its value, and its change against the previous period. */
export type Figure = { id: string; label: string; value: string; change?: ReactNode; note?: string }

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
