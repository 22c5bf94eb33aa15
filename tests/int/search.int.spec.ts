import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { searchResources } from '@/data/search'
import { plainToRichText } from '@/server/richText'

import { createResource } from '../helpers/directory'
import { closePayload, startPayload } from '../helpers/payload'

let payload: Payload
const tag = Date.now().toString(36)

beforeAll(async () => {
  payload = await startPayload()
  const quantum = await createResource({
    payload,
    title: `Quantumleap Exchange ${tag}`,
    type: 'exchanger',
    country: 'EE',
  })
  await payload.update({
    collection: 'resources',
    id: quantum.id,
    locale: 'en',
    data: { title: `Quantumleap Exchange ${tag}` },
  })
  await payload.update({
    collection: 'resources',
    id: quantum.id,
    locale: 'ru',
    data: {
      title: `Квантовый обменник ${tag}`,
      description: plainToRichText('Обмениваем биткоины на рубли без комиссии'),
    },
  })
  await createResource({ payload, title: `Quantumleap Forum ${tag}`, type: 'forum', country: 'RU' })
  await createResource({
    payload,
    title: `Quantumleap Hidden ${tag}`,
    type: 'forum',
    status: 'pending',
  })
})

afterAll(() => closePayload(payload))

const titles = (result: Awaited<ReturnType<typeof searchResources>>) =>
  result.resources.map((r) => r.title)

describe('searchResources', () => {
  it('should find published resources by a word of the title, never a pending one', async () => {
    const result = await searchResources({ q: 'quantumleap', locale: 'en', page: 1 })
    expect(titles(result).sort()).toEqual([
      `Quantumleap Exchange ${tag}`,
      `Quantumleap Forum ${tag}`,
    ])
  })

  it('should forgive a typo in the title', async () => {
    const result = await searchResources({ q: 'quantumlaep', locale: 'en', page: 1 })
    expect(titles(result)).toContain(`Quantumleap Exchange ${tag}`)
  })

  it('should find another form of a Russian word in the description, and show the result in the page’s language', async () => {
    const result = await searchResources({ q: 'биткоин', locale: 'ru', page: 1 })
    expect(titles(result)).toEqual([`Квантовый обменник ${tag}`])
    const english = await searchResources({ q: 'биткоин', locale: 'en', page: 1 })
    expect(titles(english)).toEqual([`Quantumleap Exchange ${tag}`])
  })

  it('should filter by type and country', async () => {
    const forums = await searchResources({ q: 'quantumleap', locale: 'en', type: 'forum', page: 1 })
    expect(titles(forums)).toEqual([`Quantumleap Forum ${tag}`])
    const estonian = await searchResources({
      q: 'quantumleap',
      locale: 'en',
      country: 'EE',
      page: 1,
    })
    expect(titles(estonian)).toEqual([`Quantumleap Exchange ${tag}`])
  })

  it('should take any text as a query, operators and quotes included', async () => {
    for (const q of ['"unclosed', 'a & b | !c', "'; DROP TABLE resources; --", '   ']) {
      await expect(searchResources({ q, locale: 'en', page: 1 })).resolves.toBeDefined()
    }
  })
})
