import { articleCollection } from './content/articles'

export const Posts = articleCollection({
  slug: 'posts',
  labels: {
    singular: { ru: 'Статья', en: 'Post' },
    plural: { ru: 'Статьи', en: 'Posts' },
  },
})
