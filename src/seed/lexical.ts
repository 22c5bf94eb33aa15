/**
 * Demo content is written as plain blocks and turned into the Lexical documents Payload stores.
 * Inline, text may hold **bold** and [links](https://example.com) (or site paths: [FAQ](/faqs)).
 */
export type Block =
  | { h2: string }
  | { h3: string }
  | { p: string }
  | { ul: string[] }
  | { ol: string[] }
  | { quote: string }

const element = { direction: 'ltr' as const, format: '' as const, indent: 0, version: 1 }

const textNode = (text: string, bold = false) => ({
  type: 'text',
  text,
  format: bold ? 1 : 0,
  style: '',
  mode: 'normal',
  detail: 0,
  version: 1,
})

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g

/** Text with its **bold** parts and [links](url) as Lexical nodes. */
export const inlineNodes = (text: string) => {
  const nodes: Record<string, unknown>[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) nodes.push(textNode(text.slice(last, match.index)))
    if (match[1] !== undefined) nodes.push(textNode(match[1], true))
    else {
      nodes.push({
        type: 'link',
        ...element,
        version: 3,
        fields: { linkType: 'custom', url: match[3], newTab: false },
        children: [textNode(match[2])],
      })
    }
    last = match.index + match[0].length
  }
  if (last < text.length) nodes.push(textNode(text.slice(last)))
  return nodes
}

const paragraph = (text: string) => ({
  type: 'paragraph',
  ...element,
  textFormat: 0,
  textStyle: '',
  children: inlineNodes(text),
})

const list = (items: string[], ordered: boolean) => ({
  type: 'list',
  ...element,
  listType: ordered ? 'number' : 'bullet',
  tag: ordered ? 'ol' : 'ul',
  start: 1,
  children: items.map((item, index) => ({
    type: 'listitem',
    ...element,
    value: index + 1,
    children: inlineNodes(item),
  })),
})

const blockNode = (block: Block) => {
  if ('h2' in block)
    return { type: 'heading', tag: 'h2', ...element, children: inlineNodes(block.h2) }
  if ('h3' in block)
    return { type: 'heading', tag: 'h3', ...element, children: inlineNodes(block.h3) }
  if ('ul' in block) return list(block.ul, false)
  if ('ol' in block) return list(block.ol, true)
  if ('quote' in block) return { type: 'quote', ...element, children: inlineNodes(block.quote) }
  return paragraph(block.p)
}

/** A Lexical document (Payload's rich-text value) of these blocks. */
export const blocksToLexical = (blocks: Block[]) => ({
  root: { type: 'root', ...element, children: blocks.map(blockNode) },
})
