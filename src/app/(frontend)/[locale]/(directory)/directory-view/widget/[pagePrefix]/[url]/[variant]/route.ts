import { type EmbedParams, widgetAnswer } from '@/components/embeds/embedAnswers'

/**
 * /widget/{pagePrefix}/{url}?theme=&lang=, rewritten here by the proxy (src/lib/embeds.ts): a
 * resource's card for its owner's site, an HTML page without scripts that any site may frame,
 * rendered once per variant and kept in Next's cache with the resource page's tags (its reviews
 * are the page's first ones), so a review or a status change expires it with the page.
 */
type Context = { params: Promise<EmbedParams> }

export const dynamic = 'force-static'
export const revalidate = 60
export const generateStaticParams = () => []

export async function GET(_request: Request, { params }: Context) {
  return widgetAnswer(await params)
}
