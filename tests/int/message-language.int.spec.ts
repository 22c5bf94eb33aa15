import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createArticle } from '../helpers/content'
import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
let editor: { token: string }

beforeAll(async () => {
  payload = await startPayload()
  editor = await createMember({ payload, role: 'editor' })
})

afterAll(releasePayload)

const SLUG_INVALID = {
  ru: 'Адрес может содержать только латинские буквы, цифры и дефисы.',
  en: 'The address may hold only Latin letters, digits and hyphens.',
}

/**
 * A member who reads the site in one language and the admin in the other: the site's cookie says
 * one, the admin's forms send the other as Accept-Language (and its own cookie, once chosen).
 */
const adminInRussian = { cookie: 'NEXT_LOCALE=en', 'Accept-Language': 'ru' }
const adminInEnglish = { cookie: 'NEXT_LOCALE=ru; payload-lng=en', 'Accept-Language': 'ru' }

describe('the language of a refusal', () => {
  it('should answer Payload’s doors wholly in the admin’s language, whatever the site’s cookie says', async () => {
    const news = await createArticle({ payload })
    for (const [headers, language, intro] of [
      [adminInRussian, 'ru', 'Следующее поле недействительно'],
      [adminInEnglish, 'en', 'The following field is invalid'],
    ] as const) {
      const answer = await rest('PATCH', `/news/${news.id}`, {
        body: { slug: 'Плохой адрес!' },
        token: editor.token,
        headers,
      })
      expect(answer.status).toBe(400)
      const [error] = answer.json.errors
      expect(error.message).toContain(intro)
      expect(error.data.errors).toEqual([
        expect.objectContaining({ path: 'slug', message: SLUG_INVALID[language] }),
      ])
    }
    const stored = await payload.findByID({ collection: 'news', id: news.id, depth: 0 })
    expect(stored.slug).toBe(news.slug)
  })

  it('should answer GraphQL in the admin’s language too', async () => {
    const news = await createArticle({ payload })
    const answer = await graphql(
      'mutation ($id: Int!) { updateNews(id: $id, data: { slug: "Плохой адрес!" }) { id } }',
      { variables: { id: news.id }, token: editor.token, headers: adminInRussian },
    )
    expect(JSON.stringify(answer.json?.errors)).toContain(SLUG_INVALID.ru)
    expect(JSON.stringify(answer.json?.errors)).not.toContain(SLUG_INVALID.en)
  })

  it('should answer a site call in the site’s language, whatever the admin’s cookie says', async () => {
    const draft = await createArticle({ payload, status: 'draft' })
    const { token } = await createMember({ payload })
    const answer = await rest('POST', '/add-comment', {
      body: { news_id: draft.id, text: 'Early' },
      token,
      headers: { cookie: 'NEXT_LOCALE=en; payload-lng=ru', 'Accept-Language': 'ru' },
    })
    expect(answer.status).toBe(422)
    expect(answer.json.errors.news_id).toEqual([
      'Only a published news item or post can be commented on.',
    ])
  })
})
