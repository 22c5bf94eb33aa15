'use client'

import Tippy, { type TippyProps } from '@tippyjs/react'
import type { ReactElement, ReactNode } from 'react'
// The base stylesheet also holds the 'fade' animation.
import 'tippy.js/dist/tippy.css'
import 'tippy.js/themes/light.css'

/** Spec §9 tooltip defaults: shown after 300 ms, hidden after 250 ms. */
export const TOOLTIP_DEFAULTS = {
  maxWidth: 350,
  zIndex: 9999,
  animation: 'fade',
  offset: [0, 10],
  delay: [300, 250],
  theme: 'light',
  arrow: false,
} satisfies Partial<TippyProps>

/** `children` is one element that can hold a ref (a DOM element or a component forwarding it). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <Tippy {...TOOLTIP_DEFAULTS} content={content}>
      {children}
    </Tippy>
  )
}
