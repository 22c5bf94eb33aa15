'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, createContext, useCallback, useContext, useRef, useState } from 'react'

type Tone = 'success' | 'error' | 'info'
type Toast = { id: number; message: ReactNode; tone: Tone }

const SHOWN_MS = 6000

const ToastContext = createContext<(message: ReactNode, tone?: Tone) => void>(() => {})

/**
 * The result of an action that leaves the page as it is ("Saved", "Link copied", "Report sent"),
 * shown for a few seconds in a corner and read out by screen readers: politely for a success,
 * at once for an error.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('ui')
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (message: ReactNode, tone: Tone = 'success') => {
      const id = next.current++
      setToasts((current) => [...current.slice(-2), { id, message, tone }])
      setTimeout(() => dismiss(id), SHOWN_MS)
    },
    [dismiss],
  )

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.tone}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <span>{toast.message}</span>
            <button
              type="button"
              className="toast-close"
              onClick={() => dismiss(toast.id)}
              aria-label={t('close')}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

/** `const toast = useToast(); toast(t('saved'))`, or `toast(message, 'error')`. */
export const useToast = () => useContext(ToastContext)
