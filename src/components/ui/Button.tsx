import type { ComponentProps } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'
export type ButtonSize = 's' | 'm' | 'l'

/**
 * The class list of a button's look, for the elements that are no <button> but look like one
 * (a link to a page, a <summary>): `<Link className={buttonClass({ variant: 'secondary' })}>`.
 */
export const buttonClass = ({
  variant = 'primary',
  size = 'm',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) =>
  [
    'button',
    `button-${variant}`,
    size === 'm' ? null : size === 's' ? 'button-small' : 'button-large',
    className,
  ]
    .filter(Boolean)
    .join(' ')

/**
 * The site's button: primary (the one thing to do), secondary, danger (deletes or ends
 * something) or ghost (a quiet action in a row). `busy` disables it and says so to screen readers
 * while its call runs.
 */
export function Button({
  variant,
  size,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  busy?: boolean
}) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
      {children}
    </button>
  )
}
