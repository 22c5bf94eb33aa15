'use client'

import { useTranslations } from 'next-intl'
import { useId, useState } from 'react'

const GRADES = [1, 2, 3, 4, 5] as const

function Star() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.6l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.4l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  )
}

/**
 * A grade from 1 to 5 as five stars: a group of native radio buttons laid invisibly over their
 * stars (a click lands on the radio itself), so the
 * keyboard works as it does on any radio group (arrows change the grade, Tab leaves) and a
 * required group is checked by the browser. The word for the grade shown beside the stars
 * follows the pointer and the choice.
 */
export function StarInput({
  name,
  legend,
  defaultValue,
  required,
  error,
  size = 'l',
  onChange,
}: {
  name: string
  legend: string
  defaultValue?: number | null
  required?: boolean
  error?: string | null
  size?: 'm' | 'l'
  onChange?: (value: number) => void
}) {
  const t = useTranslations('ui')
  const id = useId()
  const [value, setValue] = useState<number | null>(defaultValue ?? null)
  const [hovered, setHovered] = useState<number | null>(null)
  const shown = hovered ?? value
  const errorId = `${id}-error`

  return (
    <fieldset
      className={`star-input star-input-${size}${error ? ' star-input-invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="star-input-row" onMouseLeave={() => setHovered(null)}>
        {GRADES.map((grade) => (
          <span key={grade} className="star-input-option" onMouseEnter={() => setHovered(grade)}>
            <input
              type="radio"
              id={`${id}-${grade}`}
              name={name}
              value={grade}
              required={required}
              checked={value === grade}
              onChange={() => {
                setValue(grade)
                onChange?.(grade)
              }}
            />
            <label
              htmlFor={`${id}-${grade}`}
              className={shown !== null && grade <= shown ? 'star-on' : undefined}
            >
              <Star />
              <span className="visually-hidden">
                {t('star-option', { grade, word: t(`star-word-${grade}`) })}
              </span>
            </label>
          </span>
        ))}
        <span className="star-input-word" aria-hidden="true">
          {shown ? t(`star-word-${shown}`) : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
