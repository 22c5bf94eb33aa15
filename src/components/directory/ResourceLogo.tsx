import { getImageProps } from 'next/image'
import type { CSSProperties } from 'react'

import { monogram } from '@/lib/monogram'

const SIZES = { s: 32, m: 56, l: 96 } as const

export type ResourceLogoSize = keyof typeof SIZES

/**
 * A resource's square mark: its image, else a monogram on a colour of its own (src/lib/monogram.ts).
 * Decorative: the resource's title always stands beside it. Runs on either side; a plain `img`
 * with next/image's props, so a page of cards ships no image component to the browser.
 */
export function ResourceLogo({
  title,
  image,
  size = 'm',
}: {
  title: string
  image?: string | null
  size?: ResourceLogoSize
}) {
  const className = `resource-logo resource-logo-${size}`
  if (image) {
    const px = SIZES[size]
    const { props } = getImageProps({
      src: image,
      alt: '',
      width: px,
      height: px,
      unoptimized: true,
    })
    // eslint-disable-next-line @next/next/no-img-element -- next/image's props, without its client code
    return <img {...props} alt="" className={className} />
  }
  const { letters, light, dark } = monogram(title)
  const colors = {
    '--logo-light-bg': light.background,
    '--logo-light-text': light.text,
    '--logo-dark-bg': dark.background,
    '--logo-dark-text': dark.text,
  } as CSSProperties
  return (
    <span className={`${className} resource-logo-monogram`} style={colors} aria-hidden="true">
      {letters}
    </span>
  )
}
