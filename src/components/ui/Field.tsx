import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'

import { LIMITS } from '@/lib/limits'

type Frame = { id: string; label: string; error?: string | null; hint?: ReactNode }

/** The ids a control points at with aria-describedby, so its hint and error are read with it. */
const describedBy = ({ id, error, hint }: Omit<Frame, 'label'>) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

function FieldFrame({ id, label, error, hint, children }: Frame & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A labelled input with its hint and the first error the server gave for it. */
export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...input}
      />
    </FieldFrame>
  )
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...textarea
}: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...textarea}
      />
    </FieldFrame>
  )
}

/** A labelled select with its hint and error; `options` are its choices, in order. */
export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  ...select
}: Frame &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>
  }) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

/**
 * A new password and its repetition (fields `password` and `password_confirmation`), with the
 * browser's own minimum of 6 characters (spec §5) before the server checks again.
 */
export function NewPasswordFields({
  label,
  hint,
  confirmationLabel,
  errors,
}: {
  label: string
  hint: string
  confirmationLabel: string
  errors: { password?: string | null; password_confirmation?: string | null }
}) {
  return (
    <>
      <Field
        id="password"
        label={label}
        hint={hint}
        type="password"
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMin}
        error={errors.password}
      />
      <Field
        id="password_confirmation"
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
      />
    </>
  )
}

/** A message about the whole form: an error (announced at once) or a quiet success. */
export function FormMessage({
  error,
  success,
}: {
  error?: string | null
  success?: string | null
}) {
  if (error) {
    return (
      <p role="alert" className="form-error">
        {error}
      </p>
    )
  }
  if (success) {
    return (
      <p role="status" className="form-success">
        {success}
      </p>
    )
  }
  return null
}
