'use client'

import { useState } from 'react'

import { Button } from '@/components/ui/Button'

/** Copies the address of one question (`…/faqs#slug`) and says so; the label names the question. */
export function FaqCopyLink({
  anchor,
  label,
  doneLabel,
}: {
  anchor: string
  label: string
  doneLabel: string
}) {
  const [isCopied, setIsCopied] = useState(false)
  const copy = async () => {
    const url = new URL(window.location.href)
    url.hash = anchor
    try {
      await navigator.clipboard.writeText(url.href)
      setIsCopied(true)
    } catch {
      // No clipboard (an insecure origin, a refusal): the address bar shows the link instead.
      window.history.replaceState(null, '', url.href)
      setIsCopied(false)
    }
  }
  return (
    <div className="faq-actions">
      <Button variant="ghost" size="s" onClick={copy} aria-label={label}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span aria-hidden="true">#</span>
      </Button>
      <span className="faq-copied" role="status">
        {isCopied ? doneLabel : ''}
      </span>
    </div>
  )
}
