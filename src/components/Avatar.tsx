import { monogramLetters } from '@/lib/monogram'

/** A person's avatar at its thumbnail size, or the letters of their name. */
export function Avatar({
  name,
  src,
  className,
}: {
  name: string
  src: string | null
  className?: string
}) {
  const classes = ['avatar', className].filter(Boolean).join(' ')
  if (src) {
    // eslint-disable-next-line @next/next/no-img-element -- a small avatar at its thumbnail size
    return <img src={src} alt="" width={40} height={40} className={classes} />
  }
  return (
    <span className={classes} aria-hidden="true">
      {monogramLetters(name)}
    </span>
  )
}
