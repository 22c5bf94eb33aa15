'use client'

import { useTranslations } from 'next-intl'

import { TextAreaField } from '@/components/ui/Field'
import { LIMITS } from '@/lib/limits'

/** The text box and its counter; the server's errors (rate limit, blocked…) show under it. */
export function CommentText({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  autoFocus,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  placeholder?: string
  autoFocus?: boolean
}) {
  const t = useTranslations('comments')
  const length = value.length
  return (
    <TextAreaField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={LIMITS.commentMax}
      rows={4}
      required
      error={error}
      placeholder={placeholder}
      autoFocus={autoFocus}
      hint={
        <span className={length > LIMITS.commentMax * 0.9 ? 'comments-counter-near' : undefined}>
          {t('counter', { count: length, max: LIMITS.commentMax })}
        </span>
      }
    />
  )
}
