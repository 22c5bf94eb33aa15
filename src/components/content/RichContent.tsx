import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { type JSXConvertersFunction, RichText } from '@payloadcms/richtext-lexical/react'

import { ExternalLink } from '@/components/ExternalLink.client'
import { imageView } from '@/data/views/content'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { type ContentCollection, CONTENT_COLLECTIONS, contentPath } from '@/lib/content'
import { isSitePath } from '@/lib/externalUrl'

type LinkFields = {
  url?: string
  linkType?: 'custom' | 'internal'
  doc?: { relationTo?: string; value?: unknown } | null
}

/** Where an editor's link points: a site path (`/faqs`), an address elsewhere, or nothing. */
const linkTarget = (fields: LinkFields): string => {
  if (fields.linkType === 'internal') {
    const { relationTo, value } = fields.doc ?? {}
    const slug = (value as { slug?: unknown } | null)?.slug
    return (CONTENT_COLLECTIONS as readonly string[]).includes(relationTo ?? '') &&
      typeof slug === 'string'
      ? contentPath(relationTo as ContentCollection, slug)
      : ''
  }
  return String(fields.url ?? '').trim()
}

const convertersFor =
  (locale: Locale): JSXConvertersFunction =>
  ({ defaultConverters }) => {
    const link: NonNullable<typeof defaultConverters.link> = ({ node, nodesToJSX }) => {
      const children = nodesToJSX({ nodes: node.children })
      const href = linkTarget(node.fields as LinkFields)
      // The site's own pages open in place, in the reader's language; anything else (`//host`,
      // `/\host` included) leaves only through the external-link rules, or not at all.
      if (isSitePath(href)) return <Link href={href}>{children}</Link>
      return <ExternalLink href={href}>{children}</ExternalLink>
    }
    return {
      ...defaultConverters,
      link,
      autolink: link as never,
      // The page's title is its only h1.
      heading: ({ node, nodesToJSX }) => {
        const Tag =
          (['h2', 'h3', 'h4', 'h5', 'h6'] as const).find((tag) => tag === node.tag) ?? 'h2'
        return <Tag>{nodesToJSX({ nodes: node.children })}</Tag>
      },
      // An image placed in the text, at its `wide` size (960 px at most) when it has one.
      upload: ({ node }) => {
        const image = imageView((node as { value?: unknown }).value, locale)
        if (!image) return null
        const wide = image.sizes.wide
        const alt = String((node as { fields?: { alt?: unknown } }).fields?.alt ?? '') || image.alt
        return (
          <figure className="article-figure">
            {/* eslint-disable-next-line @next/next/no-img-element -- uploads come at their own sizes */}
            <img
              src={wide?.url ?? image.url}
              width={wide?.width ?? image.width ?? undefined}
              height={wide?.height ?? image.height ?? undefined}
              alt={alt}
              loading="lazy"
              decoding="async"
            />
          </figure>
        )
      },
    }
  }

/**
 * The editors' rich text (news, posts, pages, FAQ answers): headings, lists, quotes, links and
 * uploaded images. `lang` marks text shown in another language than the page's.
 */
export function RichContent({
  data,
  locale,
  lang,
  className,
}: {
  data: unknown
  locale: Locale
  lang?: string
  className?: string
}) {
  if (!data || typeof data !== 'object' || !('root' in data)) return null
  return (
    <div lang={lang} className={['rich-text article-text', className].filter(Boolean).join(' ')}>
      <RichText
        data={data as SerializedEditorState}
        converters={convertersFor(locale)}
        disableContainer
      />
    </div>
  )
}
