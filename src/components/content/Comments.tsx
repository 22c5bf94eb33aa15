import { CommentsClient } from './Comments.client'

/**
 * The comments under a news item or a post. The article page is cached for everyone, so this
 * renders nothing personal: the browser loads the comments and learns who is looking.
 */
export function Comments({ collection, id }: { collection: 'news' | 'posts'; id: number }) {
  return <CommentsClient collection={collection} id={id} />
}
