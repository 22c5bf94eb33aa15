const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The words of a query as patterns: each word, or for longer words its first five letters, so
 * that other forms of the word (Russian endings, English plurals) are marked too.
 */
export const queryPattern = (query: string) => {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2)
    .map((word) => escape(word.length > 5 ? word.slice(0, 5) : word))
  return words.length ? new RegExp(`(${words.join('|')})`, 'giu') : null
}

/** A window of `text` around the first match of the query, at most `length` characters. */
export const snippet = (text: string, query: string, length = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  const pattern = queryPattern(query)
  const at = pattern ? flat.search(pattern) : -1
  if (flat.length <= length) return flat
  const start = Math.max(0, Math.min(at - 60, flat.length - length))
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + length)}${start + length < flat.length ? '…' : ''}`
}

/** `text` with the query's words marked; everything stays text, nothing is parsed as markup. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const pattern = queryPattern(query)
  if (!pattern) return <>{text}</>
  return (
    <>{text.split(pattern).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>
  )
}
