import { articleFeedResponse } from '@/components/content/articleFeed'

/**
 * /posts/rss.xml (Russian) and /en/posts/rss.xml: the newest items as RSS 2.0, cached with the
 * collection's list tag, so a publish expires it with the list.
 */
type Context = { params: Promise<{ locale: string }> }

export const dynamic = 'force-static'
export const revalidate = 60
export const generateStaticParams = () => []

export async function GET(_request: Request, { params }: Context) {
  const { locale } = await params
  return articleFeedResponse('posts', locale)
}
