import type { ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'verified'

/** A short label beside a title or in a row of facts: a status, a role, "Verified". */
export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: BadgeTone
  children: ReactNode
  title?: string
}) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {tone === 'verified' && (
        <svg className="badge-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M8 0.8l1.9 1.4 2.3-.1.7 2.2 1.9 1.4-.8 2.2.8 2.2-1.9 1.4-.7 2.2-2.3-.1L8 15.2l-1.9-1.4-2.3.1-.7-2.2-1.9-1.4.8-2.2-.8-2.2 1.9-1.4.7-2.2 2.3.1z"
            fill="currentColor"
          />
          <path
            d="M5.2 8.2l1.9 1.9 3.8-3.8"
            fill="none"
            stroke="var(--badge-check, #fff)"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
      {children}
    </span>
  )
}
