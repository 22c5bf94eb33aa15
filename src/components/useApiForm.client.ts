'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import type { ApiAnswer, ApiErrorBody } from '@/client/api'

/** The site's failure body (spec §8): a sentence, and per-field sentences for validation. */
export type ApiFailure = ApiErrorBody

type FieldErrors<F extends string> = Partial<Record<F, string>>

/** Payload's own failures carry `errors` as a list of objects: those are no field errors. */
const firstOf = (messages: unknown) =>
  Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null

/**
 * Sends a form's call and keeps what the form shows: beside each of its `fields`, the first error
 * the server gave for it; above the button, any other error, else the server's sentence, else
 * 'Unexpected error occurred'.
 */
export const useApiForm = <F extends string>(fields: readonly F[]) => {
  const t = useTranslations('errors')
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const showFailure = (failure: ApiFailure | null) => {
    const own: FieldErrors<F> = {}
    let other: string | null = null
    const errors = failure?.errors && !Array.isArray(failure.errors) ? failure.errors : {}
    for (const [field, messages] of Object.entries(errors)) {
      const first = firstOf(messages)
      if (!first) continue
      if ((fields as readonly string[]).includes(field)) own[field as F] = first
      else other ??= first
    }
    setFieldErrors(own)
    const hasOwn = Object.keys(own).length > 0
    setFormError(other ?? (hasOwn ? null : (failure?.message ?? t('unexpected'))))
  }

  const submit = async <T>(
    call: () => Promise<ApiAnswer<T, ApiFailure>>,
  ): Promise<ApiAnswer<T, ApiFailure> | null> => {
    setIsSubmitting(true)
    setFieldErrors({})
    setFormError(null)
    const answer = await call().catch(() => null)
    setIsSubmitting(false)
    if (!answer) setFormError(t('unexpected'))
    else if (!answer.ok) showFailure(answer.data)
    return answer
  }

  return { fieldErrors, formError, isSubmitting, submit, showFailure, setFormError }
}
