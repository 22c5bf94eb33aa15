import type { HTMLAttributes, ReactNode } from 'react'

/**
 * A surface that groups one thing: a resource, a review, a form, a box of facts. `as` picks the
 * element that says what it is (an article for a thing of its own, a section for a part of a
 * page); `heading` gives it a title row.
 */
export function Card({
  as: Element = 'div',
  heading,
  actions,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'article' | 'section' | 'aside' | 'li'
  heading?: ReactNode
  actions?: ReactNode
}) {
  return (
    <Element className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {(heading || actions) && (
        <div className="card-header">
          {heading}
          {actions && <div className="card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </Element>
  )
}
