import 'server-only'

type LexicalNode = { text?: unknown; children?: unknown; type?: unknown }

const BLOCK_TYPES = new Set(['paragraph', 'heading', 'listitem', 'quote'])

/** The words of a Lexical document, blocks on lines of their own (for search and descriptions). */
export const richTextToPlain = (value: unknown): string => {
  const lines: string[] = []
  let line = ''
  const walk = (node: LexicalNode) => {
    if (typeof node.text === 'string') line += node.text
    if (Array.isArray(node.children)) node.children.forEach((child) => walk(child as LexicalNode))
    if (typeof node.type === 'string' && BLOCK_TYPES.has(node.type)) {
      if (line.trim()) lines.push(line.trim())
      line = ''
    }
  }
  const root = (value as { root?: LexicalNode } | null)?.root
  if (root) walk(root)
  if (line.trim()) lines.push(line.trim())
  return lines.join('\n')
}

/** A Lexical document of plain paragraphs, one per line of `text`. */
export const plainToRichText = (text: string) => ({
  // `as const` keeps the literal types Payload's generated rich-text type asks for.
  root: {
    type: 'root',
    format: '' as const,
    indent: 0,
    version: 1,
    direction: 'ltr' as const,
    children: text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => ({
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        textStyle: '',
        children: [
          { type: 'text', text: line, format: 0, style: '', mode: 'normal', detail: 0, version: 1 },
        ],
      })),
  },
})
