import { articleCollection } from './content/articles'

export const News = articleCollection({
  slug: 'news',
  labels: {
    singular: { ru: 'Новость', en: 'News item' },
    plural: { ru: 'Новости', en: 'News' },
  },
})
