'use client'

import { useState } from 'react'

import { Button } from '@/components/ui/Button'

/** Copies `text` to the clipboard and says so; where the browser refuses, the label stays. */
export function CopyButton({
  text,
  label,
  doneLabel,
}: {
  text: string
  label: string
  doneLabel: string
}) {
  const [isCopied, setIsCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setIsCopied(true)
    } catch {
      setIsCopied(false)
    }
  }
  return (
    <Button variant="secondary" onClick={copy} disabled={!text}>
      <span aria-live="polite">{isCopied ? doneLabel : label}</span>
    </Button>
  )
}
