import type { Payload } from 'payload'

import type { ArticleCollection } from '@/lib/content'
import { plainToRichText } from '@/server/richText'
import type { News } from '@payload-types'

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`

/**
 * A news item or post made through the Local API: published unless told otherwise, in Russian,
 * and in English when `en` is given.
 */
export const createArticle = async ({
  payload,
  collection = 'news',
  status = 'published',
  title = `Новость ${unique()}`,
  text = 'Первый абзац.\nВторой абзац.',
  en,
  publishedAt,
}: {
  payload: Payload
  collection?: ArticleCollection
  status?: 'draft' | 'published'
  title?: string
  text?: string
  en?: { title: string; text: string }
  publishedAt?: string
}) => {
  const draft = status === 'draft'
  const doc = await payload.create({
    collection,
    locale: 'ru',
    draft,
    data: { title, content: plainToRichText(text), _status: status, publishedAt },
  } as Parameters<Payload['create']>[0])
  if (!en) return doc as News
  return (await payload.update({
    collection,
    id: doc.id,
    locale: 'en',
    draft,
    data: { title: en.title, content: plainToRichText(en.text), _status: status },
  })) as News
}
