/**
 * Every item of a paged list, in its order, page after page until the last: a test finds its own
 * rows wherever the list puts them. The worker's database holds every earlier file's rows too (the
 * demo's among them), and a queue read oldest first shows those before the test's own.
 */
export const everyPage = async <Item>(
  readPage: (page: number) => Promise<{ items: Item[]; pages: number }>,
) => {
  const items: Item[] = []
  for (let page = 1; ; page += 1) {
    const read = await readPage(page)
    items.push(...read.items)
    if (page >= read.pages) return items
  }
}
