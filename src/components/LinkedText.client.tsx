'use client'

import type { ReactNode } from 'react'

import { ExternalLink } from '@/components/ExternalLink.client'

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'«»]+/gi
const TRAILING = /[.,;:!?…)\]}]+$/

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `text` with each case-insensitive occurrence of `highlight` marked. */
const marked = (text: string, highlight: string | undefined, key: number): ReactNode[] => {
  if (!highlight) return [text]
  return text.split(new RegExp(`(${escapeRegExp(highlight)})`, 'gi')).map((part, index) =>
    index % 2 ? (
      <mark key={`${key}-${index}`} className="text-mention">
        {part}
      </mark>
    ) : (
      part
    ),
  )
}

/**
 * A user's plain text shown as text: its line breaks kept (CSS) and each web address made a link
 * through the site's guard for links that leave it; `highlight` (a mention of the reader) is
 * marked. Nothing in it is ever read as markup.
 */
export function LinkedText({
  text,
  className,
  linkClassName,
  highlight,
}: {
  text: string
  className?: string
  linkClassName?: string
  highlight?: string
}) {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    let href = match[0]
    const trailing = href.match(TRAILING)?.[0] ?? ''
    // A closing bracket belongs to the address when the address opened one.
    const keep = trailing.startsWith(')') && href.includes('(') ? 1 : 0
    href = href.slice(0, href.length - trailing.length + keep)
    const start = match.index
    if (start > last) parts.push(...marked(text.slice(last, start), highlight, last))
    parts.push(
      <ExternalLink key={start} href={href} className={linkClassName}>
        {href}
      </ExternalLink>,
    )
    last = start + href.length
  }
  if (last < text.length) parts.push(...marked(text.slice(last), highlight, last))
  return <p className={className}>{parts}</p>
}
