import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { type JSXConvertersFunction, RichText } from '@payloadcms/richtext-lexical/react'

import { ExternalLink } from '@/components/ExternalLink.client'

/** Links written by resource owners leave the site only through the safe external-link guard. */
const converters: JSXConvertersFunction = ({ defaultConverters }) => {
  const safeLink: NonNullable<typeof defaultConverters.link> = ({ node, nodesToJSX }) => (
    <ExternalLink href={String((node.fields as { url?: string }).url ?? '')}>
      {nodesToJSX({ nodes: node.children })}
    </ExternalLink>
  )
  return { ...defaultConverters, link: safeLink, autolink: safeLink as never }
}

export function RichTextView({ data }: { data: unknown }) {
  if (!data || typeof data !== 'object' || !('root' in data)) return null
  return (
    <RichText className="rich-text" data={data as SerializedEditorState} converters={converters} />
  )
}
