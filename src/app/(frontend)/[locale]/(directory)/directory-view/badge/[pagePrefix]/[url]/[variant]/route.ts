import { type EmbedParams, badgeAnswer } from '@/components/embeds/embedAnswers'

/**
 * /badge/{pagePrefix}/{url}.svg?theme=&lang=&size=, rewritten here by the proxy
 * (src/lib/embeds.ts): a resource's badge for its owner's site, rendered once per variant and
 * kept in Next's cache with the resource page's tags, so a review or a status change expires it
 * with the page. Visited directly, this path answers 404 (the proxy's rule for VIEW_ROOT).
 */
type Context = { params: Promise<EmbedParams> }

export const dynamic = 'force-static'
export const revalidate = 60
export const generateStaticParams = () => []

export async function GET(_request: Request, { params }: Context) {
  return badgeAnswer(await params)
}
