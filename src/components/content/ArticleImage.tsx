import type { ImageView } from '@/data/views/content'

/**
 * An article's picture at the sharp sizes the upload made (src/data/views/content.ts): the
 * browser picks the smallest that fills its box. Plain `<img>`: the sizes exist already.
 */
export function ArticleImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: ImageView
  /** The `sizes` attribute: how wide the image is shown. */
  sizes: string
  priority?: boolean
  className?: string
}) {
  const { card, hero, wide } = image.sizes
  const candidates = [card, wide, hero].filter((size): size is NonNullable<typeof size> =>
    Boolean(size),
  )
  const main = hero ?? wide ?? card
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the upload's own sizes, see above
    <img
      className={className}
      src={main?.url ?? image.url}
      srcSet={
        candidates.length
          ? candidates.map((size) => `${size.url} ${size.width}w`).join(', ')
          : undefined
      }
      sizes={candidates.length ? sizes : undefined}
      width={main?.width ?? image.width ?? undefined}
      height={main?.height ?? image.height ?? undefined}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  )
}
