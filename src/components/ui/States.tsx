import type { ReactNode } from 'react'

/** What a list or area shows when it has nothing yet, and what to do about it. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="state state-empty">
      <svg className="state-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect
          x="8"
          y="12"
          width="32"
          height="26"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M8 20h32M17 28h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="state-title">{title}</p>
      {children && <div className="state-text">{children}</div>}
      {action && <div className="state-action">{action}</div>}
    </div>
  )
}

/** A part of the page that failed to load: the reason, and a way to try again. */
export function ErrorState({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state-error" role="alert">
      <svg className="state-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="17" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M24 15v11M24 32v1" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="state-title">{message}</p>
      {action && <div className="state-action">{action}</div>}
    </div>
  )
}

/** A spinner with its words for screen readers; `inline` sits in a line of text. */
export function Loading({ label, inline = false }: { label: string; inline?: boolean }) {
  return (
    <span className={inline ? 'loading loading-inline' : 'loading'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className={inline ? 'visually-hidden' : 'loading-label'}>{label}</span>
    </span>
  )
}

/**
 * Grey shapes where content is about to appear, so that the page does not jump when it does.
 * Hidden from screen readers: pair it with a Loading label or aria-busy on the region.
 */
export function Skeleton({
  lines = 1,
  width,
  height,
  shape = 'text',
}: {
  lines?: number
  width?: string
  height?: string
  shape?: 'text' | 'block' | 'circle'
}) {
  return (
    <span className="skeleton-group" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span
          key={i}
          className={`skeleton skeleton-${shape}`}
          // The last of several lines is shorter, as a paragraph's is.
          style={{ width: lines > 1 && i === lines - 1 ? '60%' : width, height }}
        />
      ))}
    </span>
  )
}
