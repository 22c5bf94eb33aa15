/**
 * Where one review or one comment is shown, for the links that lead to it (notifications and
 * their mails). A review's page among its resource's reviews moves as newer ones come, so its
 * link is a permalink (`/review/<id>`) the site answers with a redirect to the page that shows it
 * now, at its anchor. An article's comments load in the browser, newest first, a step at a time,
 * so the comments load on until the one the anchor names is there.
 */
export const reviewAnchor = (id: number) => `review-${id}`
export const commentAnchor = (id: number) => `comment-${id}`

export const reviewPermalink = (id: number) => `/review/${id}`

/** A comment's link: its article's path and the comment's anchor. */
export const commentLink = ({ articlePath, id }: { articlePath: string; id: number }) =>
  `${articlePath}#${commentAnchor(id)}`

/** The comment an address's fragment names (`#comment-12` → 12), or null. */
export const anchoredComment = (hash: string): number | null => {
  const id = Number(/^#comment-(\d{1,10})$/.exec(hash)?.[1])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
