import { commentEndpoints } from './comments'

/** The site's calls about its content: comments under news and posts. */
export const contentEndpoints = [...commentEndpoints]
