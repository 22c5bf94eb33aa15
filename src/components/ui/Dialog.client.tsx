'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'

import { Button, type ButtonVariant } from './Button'

/**
 * A modal dialog on the browser's own <dialog>: it keeps focus inside, Escape closes it, the page
 * behind is inert, and focus goes back to what opened it. A click on the backdrop closes it too.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'm',
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  size?: 's' | 'm'
}) {
  const t = useTranslations('ui')
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const id = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      opener.current?.focus()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose()
      }}
    >
      <div className="dialog-body">
        <div className="dialog-header">
          <h2 id={`${id}-title`} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog-close"
            onClick={onClose}
            aria-label={t('close')}
          >
            ×
          </button>
        </div>
        {description && (
          <p id={`${id}-description`} className="dialog-description">
            {description}
          </p>
        )}
        {children}
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </dialog>
  )
}

export type ConfirmRequest = {
  title: ReactNode
  message?: ReactNode
  confirmLabel: string
  tone?: ButtonVariant
}

/**
 * Asks before an action that cannot be undone, in the site's dialog rather than the browser's:
 * `const ok = await confirm({...})`; render `dialog` once in the component.
 */
export function useConfirm() {
  const t = useTranslations('ui')
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const resolver = useRef<((ok: boolean) => void) | null>(null)

  const answer = (ok: boolean) => {
    resolver.current?.(ok)
    resolver.current = null
    setRequest(null)
  }

  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve
        setRequest(next)
      }),
    [],
  )

  const dialog = (
    <Dialog
      open={request !== null}
      onClose={() => answer(false)}
      title={request?.title}
      description={request?.message}
      size="s"
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)}>
            {t('cancel')}
          </Button>
          <Button variant={request?.tone ?? 'danger'} onClick={() => answer(true)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    />
  )
  return { confirm, dialog }
}
