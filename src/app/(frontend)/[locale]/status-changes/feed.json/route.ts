import { statusJsonFeedResponse } from '@/components/directory/statusFeed'

/**
 * /status-changes/feed.json (Russian) and /en/status-changes/feed.json: the newest changes of published
 * resources' public statuses, cached with the status feed's tag, which every resource write
 * expires.
 */
type Context = { params: Promise<{ locale: string }> }

export const dynamic = 'force-static'
export const revalidate = 60
export const generateStaticParams = () => []

export async function GET(_request: Request, { params }: Context) {
  const { locale } = await params
  return statusJsonFeedResponse(locale)
}
