'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { Field } from '@/components/ui/Field'
import { LIMITS, UPLOAD_RULES } from '@/lib/limits'

const { maxBytes, mimeTypes } = UPLOAD_RULES.attachment

/** The files of a form's `attachments` input: what was chosen, empty parts left out. */
export const chosenFiles = (data: FormData) =>
  data
    .getAll('attachments')
    .filter((value): value is File => value instanceof File && value.size > 0)

/**
 * A file input for attachments (images or PDF, at most LIMITS.attachmentsMax files of 5 MB): its
 * rules told in its hint and checked as soon as files are chosen, with the server's own messages,
 * before the server checks them again by their bytes. `check(files)` gives the form the same
 * verdict on submit (null when the files may be sent).
 */
export const useAttachments = ({ required = false }: { required?: boolean } = {}) => {
  const t = useTranslations('attachments')
  const api = useTranslations('api')
  const [error, setError] = useState<string | null>(null)

  const verdict = (files: File[]) => {
    if (required && !files.length) return api('files-required')
    if (files.length > LIMITS.attachmentsMax) return t('too-many', { max: LIMITS.attachmentsMax })
    for (const file of files) {
      if (file.size > maxBytes) return api('file-too-large')
      if (!(mimeTypes as readonly string[]).includes(file.type)) return api('file-type-not-allowed')
    }
    return null
  }

  const check = (files: File[]) => {
    const problem = verdict(files)
    setError(problem)
    return problem
  }

  const field = ({ label, serverError }: { label?: string; serverError?: string | null }) => (
    <Field
      id="attachments"
      label={label ?? t('label')}
      type="file"
      multiple
      required={required}
      accept={mimeTypes.join(',')}
      hint={t(required ? 'hint-required' : 'hint', {
        count: LIMITS.attachmentsMax,
        size: Math.round(maxBytes / 1024 / 1024),
      })}
      onChange={(event) => check([...(event.currentTarget.files ?? [])])}
      error={error ?? serverError}
    />
  )

  return { check, field, clear: () => setError(null) }
}
