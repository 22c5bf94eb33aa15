'use client'

import { useTranslations } from 'next-intl'
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'

type Tone = 'success' | 'error' | 'info'

/** A toast's one action beside its message ("Undo"), which also closes it. */
export type ToastAction = { label: string; onAction: () => void }

type ToastOptions = { action?: ToastAction; durationMs?: number }
type Toast = { id: number; message: ReactNode; tone: Tone; action?: ToastAction; shownMs: number }

const SHOWN_MS = 6000

const ToastContext = createContext<
  (message: ReactNode, tone?: Tone, options?: ToastOptions) => void
>(() => {})

/**
 * The result of an action that leaves the page as it is ("Saved", "Link copied", "Report sent"),
 * shown for a few seconds in a corner and read out by screen readers: politely for a success,
 * at once for an error. A toast may offer one action ("Undo") for a while: it waits while the
 * pointer is on it or focus is in it, so nobody loses it halfway to the button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (message: ReactNode, tone: Tone = 'success', options: ToastOptions = {}) => {
      const id = next.current++
      const shownMs = options.durationMs ?? SHOWN_MS
      setToasts((current) => [
        ...current.slice(-2),
        { id, message, tone, action: options.action, shownMs },
      ])
    },
    [],
  )

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const t = useTranslations('ui')
  const [isHeld, setHeld] = useState(false)
  const close = () => onDismiss(toast.id)

  useEffect(() => {
    if (isHeld) return
    const timer = setTimeout(() => onDismiss(toast.id), toast.shownMs)
    return () => clearTimeout(timer)
  }, [isHeld, onDismiss, toast.id, toast.shownMs])

  return (
    <div
      className={`toast toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span>{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            close()
            toast.action?.onAction()
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast-close" onClick={close} aria-label={t('close')}>
        ×
      </button>
    </div>
  )
}

/**
 * `const toast = useToast(); toast(t('saved'))`, or `toast(message, 'error')`, or with an action:
 * `toast(message, 'success', { action: { label, onAction }, durationMs })`.
 */
export const useToast = () => useContext(ToastContext)
