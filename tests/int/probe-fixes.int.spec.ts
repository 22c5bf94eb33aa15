import { REST_POST } from '@payloadcms/next/routes'
import { NextRequest } from 'next/server'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { readListing } from '@/data/listing'
import { readListingView } from '@/lib/directoryViews'
import {
  BODY_BYTES_MAX,
  CHAT_STREAMS_PER_ADDRESS,
  CHAT_STREAMS_PER_MEMBER,
  DIRECTORY_CACHE_SECONDS,
  LIMITS,
  MAX_RECORD_ID,
  REPORT_BYTES_MAX,
  UPLOAD_RULES,
} from '@/lib/limits'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import { pageParam } from '@/lib/searchParams'
import { proxy } from '@/proxy'
import { buildRss } from '@/server/rss'
import config from '@payload-config'

import { openStream } from '../helpers/chat'
import { createMember, createResource } from '../helpers/directory'
import { PNG, formData, pngFile } from '../helpers/forms'
import { releasePayload, startPayload } from '../helpers/payload'
import { fileResponse, graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const russian = { 'Accept-Language': 'ru' }

type Member = Awaited<ReturnType<typeof createMember>>

describe('chat streams are capped per member and per address', () => {
  it('should refuse a member’s stream past the cap with 429, and take one once a slot frees', async () => {
    const member = await createMember({ payload })
    const streams = []
    for (let i = 0; i < CHAT_STREAMS_PER_MEMBER; i += 1) {
      // Each from an address of its own: only the member's count is at stake.
      streams.push(await openStream({ member, address: `198.51.100.${i + 1}` }))
    }
    expect(streams.map((stream) => stream.response.status)).toEqual(streams.map(() => 200))
    const refused = await openStream({ member, address: '198.51.100.200' })
    expect(refused.response.status).toBe(429)
    expect(await refused.response.json()).toMatchObject({
      status: 429,
      code: 'chat-streams-too-many',
      message: 'The chat is already open in too many tabs: close one of them and reload the page.',
    })
    // A guest from the same address is not the member: the address has room.
    const guest = await openStream({ address: '198.51.100.200' })
    expect(guest.response.status).toBe(200)
    guest.close()

    streams.pop()!.close()
    const again = await openStream({ member, address: '198.51.100.201' })
    expect(again.response.status).toBe(200)
    again.close()
    streams.forEach((stream) => stream.close())
  })

  it('should refuse an address past its cap, guests and members alike, in Russian too', async () => {
    const address = '203.0.113.7'
    const streams = []
    for (let i = 0; i < CHAT_STREAMS_PER_ADDRESS; i += 1) {
      streams.push(await openStream({ address }))
    }
    expect(streams.every((stream) => stream.response.status === 200)).toBe(true)
    const member = await createMember({ payload })
    const refused = await openStream({ member, address })
    expect(refused.response.status).toBe(429)
    streams.shift()!.close()
    const after = await openStream({ address })
    expect(after.response.status).toBe(200)
    after.close()
    streams.forEach((stream) => stream.close())
    // Another address is never counted with this one.
    const elsewhere = await openStream({ address: '203.0.113.8' })
    expect(elsewhere.response.status).toBe(200)
    elsewhere.close()
  })
})

describe('a session cookie Payload’s CSRF rule refuses', () => {
  it('should be a 401 from the site’s signed-in calls, as on Payload’s doors, never a 503', async () => {
    const member = await createMember({ payload })
    const cookie = `payload-token=${member.token}`
    // A script (no Origin, no Sec-Fetch-Site) and a cross-site request without Origin.
    const requests: Record<string, string>[] = [
      { Cookie: cookie },
      { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
    ]
    for (const headers of requests) {
      const site = await rest('POST', '/get-user-favorites', {
        headers: { ...headers, ...english },
      })
      const payloadDoor = await rest('GET', '/users/me', { headers })
      expect([site.status, payloadDoor.status, payloadDoor.json.user]).toEqual([401, 200, null])
      expect(site.json.code).toMatch(/^(unauthorized|wrong-origin)$/)
    }
    const crossSite = await rest('POST', '/get-user-favorites', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site', ...english },
    })
    expect(crossSite.json.message).toBe(
      'This site is configured for http://localhost:3000; open it there.',
    )
    // The browser's own page: the cookie is read.
    const own = await rest('POST', '/get-user-favorites', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(own.status).toBe(200)
  })
})

describe('a rich-text link written /\\host', () => {
  const linkTo = (url: string) => ({
    root: {
      type: 'root',
      format: '',
      indent: 0,
      version: 1,
      direction: 'ltr',
      children: [
        {
          type: 'paragraph',
          format: '',
          indent: 0,
          version: 1,
          direction: 'ltr',
          textFormat: 0,
          children: [
            {
              type: 'link',
              version: 3,
              format: '',
              indent: 0,
              direction: 'ltr',
              fields: { linkType: 'custom', url, newTab: false },
              children: [
                {
                  type: 'text',
                  text: 'here',
                  format: 0,
                  style: '',
                  mode: 'normal',
                  detail: 0,
                  version: 1,
                },
              ],
            },
          ],
        },
      ],
    },
  })

  it('should be refused at save on REST and GraphQL', async () => {
    const editor = await createMember({ payload, role: 'editor' })
    for (const url of [
      '/\\evil.example/login',
      '//evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      const { status, json } = await rest('POST', '/news', {
        token: editor.token,
        headers: russian,
        body: { title: `Link ${url}`, excerpt: 'x', content: linkTo(url), _status: 'published' },
      })
      // Lexical tells which of the link's fields failed, under the field's own message.
      expect(status, url).toBe(400)
      expect(json.errors[0].data.errors[0]).toMatchObject({ path: 'content' })
      expect(json.errors[0].data.errors[0].message).toContain('url')
    }
    const viaGraphql = await graphql(
      'mutation ($content: JSON) { createNews(data: { title: "G", excerpt: "x", content: $content }) { id } }',
      {
        token: editor.token,
        variables: { content: linkTo('/\\evil.example/x') },
        headers: english,
      },
    )
    expect(viaGraphql.json?.data?.createNews ?? null).toBeNull()
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    // A path of the site and a full address are links an editor may save.
    const good = await rest('POST', '/news', {
      token: editor.token,
      body: { title: 'Good links', excerpt: 'x', content: linkTo('/faqs#two-factor') },
    })
    expect(good.status).toBe(201)
  })
})

describe('record ids in JSON', () => {
  it('should refuse true, [1] and other non-ids with 422 and act on nothing', async () => {
    const owner = await createMember({ payload })
    const victim = await createMember({ payload })
    const resource = await createResource({ payload, owner: victim.user.id })
    for (const id of [true, [resource.id], { id: resource.id }, '1e0', 1.5, ' 1']) {
      const { status, json } = await rest('POST', '/add-favorite', {
        token: owner.token,
        headers: english,
        body: { resource_id: id },
      })
      expect([status, json.errors?.resource_id], JSON.stringify(id)).toEqual([
        422,
        ['A record id must be a whole number.'],
      ])
    }
    const russianAnswer = await rest('POST', '/delete-my-reviews', {
      token: owner.token,
      headers: russian,
      body: { review_id: true },
    })
    expect([russianAnswer.status, russianAnswer.json.message]).toEqual([
      422,
      'Идентификатор записи должен быть целым числом.',
    ])
    const { totalDocs } = await payload.count({
      collection: 'favorites',
      where: { user: { equals: owner.user.id } },
    })
    expect(totalDocs).toBe(0)
    // Digits in a string (a form, a query) stay an id.
    const form = await rest('POST', '/add-favorite', {
      token: owner.token,
      body: formData({ resource_id: String(resource.id) }),
    })
    expect(form.status).toBe(200)
  })
})

describe('a search query with control characters', () => {
  it('should lose them wherever the query is read: the page and its title, the search, the API', async () => {
    const { cleanSearchTerm, normalizeQuery } = await import('@/lib/searchQuery')
    expect(cleanSearchTerm('a\u0000b')).toBe('ab')
    expect(cleanSearchTerm(' shop\u202e\u200b\tname\u0007\r\n ')).toBe('shop name')
    expect(normalizeQuery('a\u0000b\u0085c')).toBe('ab c')
    // The word typed with a bell and an escape inside is the word itself once they are gone.
    const word = `Quokkabird${Date.now().toString(36)}`
    await createResource({ payload, title: word })
    const answer = await rest(
      'GET',
      `/search-suggestions?q=${word.slice(0, 5)}%07${word.slice(5, 9)}%1b${word.slice(9)}&locale=en`,
    )
    expect(answer.status).toBe(200)
    expect(answer.json.suggestions.map((found: { title: string }) => found.title)).toEqual([word])
    // A NUL is refused by every call before its schema: a 4xx with a message, never stored.
    const nul = await rest('GET', '/search-suggestions?q=a%00b&locale=en')
    expect(nul.status).toBe(422)
  })
})

describe('an operator of an owner blocked on the site', () => {
  const staffOf = async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const resource = await createResource({ payload, owner: owner.user.id, type: 'marketplace' })
    return { owner, operator, resource }
  }

  const block = (owner: Member, blocked: boolean) =>
    payload.update({
      collection: 'users',
      id: owner.user.id,
      data: { blocked, blockReason: blocked ? 'Fake reviews' : 'Appeal accepted' },
    })

  const editRest = (operator: Member, id: number, title: string) =>
    rest('PATCH', `/resources/${id}`, {
      token: operator.token,
      headers: english,
      body: { title },
    })

  const editGraphql = (operator: Member, id: number, title: string) =>
    graphql(`mutation { updateResource(id: ${id}, data: { title: "${title}" }) { id title } }`, {
      token: operator.token,
    })

  it('should edit, reply and ask for verification for a resource only while the owner is not blocked', async () => {
    const { owner, operator, resource } = await staffOf()
    const author = await createMember({ payload })
    const review = await rest('POST', '/add-reviews', {
      token: author.token,
      body: { resource_id: resource.id, grade: 4, comment: 'Fine' },
    })
    expect(review.status).toBe(200)
    expect((await editRest(operator, resource.id, 'Before the block')).status).toBe(200)

    await block(owner, true)
    const title = (await payload.findByID({ collection: 'resources', id: resource.id })).title
    expect((await editRest(operator, resource.id, 'Edited while blocked')).status).toBe(403)
    const viaGraphql = await editGraphql(operator, resource.id, 'Edited while blocked')
    expect(viaGraphql.json?.data?.updateResource ?? null).toBeNull()
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    const save = await rest('POST', '/save-resource', {
      token: operator.token,
      headers: english,
      body: { id: resource.id, type: 'marketplace', title_ru: 'Чужое', title_en: 'Theirs' },
    })
    expect(save.status).toBeGreaterThanOrEqual(400)
    const reply = await rest('POST', '/reply-review', {
      token: operator.token,
      headers: english,
      body: { review_id: review.json.review.id, reply: 'We are still here' },
    })
    expect(reply.status).toBe(403)
    const verification = await rest('POST', '/add-request-for-verification', {
      token: operator.token,
      headers: english,
      body: formData(
        { resource_id: String(resource.id), message: 'Verify us, we are the company.' },
        [pngFile('papers.png')],
      ),
    })
    expect(verification.status).toBeGreaterThanOrEqual(400)
    expect(verification.status).toBeLessThan(500)
    // The owner's unpublished resources are out of the operator's sight too.
    const draft = await createResource({
      payload,
      owner: owner.user.id,
      type: 'marketplace',
      status: 'pending',
    })
    expect((await rest('GET', `/resources/${draft.id}`, { token: operator.token })).status).toBe(
      404,
    )
    expect((await payload.findByID({ collection: 'resources', id: resource.id })).title).toBe(title)

    // Lifted: the operator works for them again.
    await block(owner, false)
    expect((await editRest(operator, resource.id, 'After the block')).status).toBe(200)
    expect((await editGraphql(operator, resource.id, 'Again')).json?.data?.updateResource).toEqual({
      id: resource.id,
      title: 'Again',
    })
  })
})

describe('a REST upload without its _payload field', () => {
  it('should be a clear 400 in the caller’s language, and no error in the log', async () => {
    const member = await createMember({ payload })
    const errors = vi.spyOn(payload.logger, 'error')
    let statuses: (number | undefined)[]
    try {
      for (const [collection, fields] of [
        ['media', null],
        ['attachments', null],
        ['media', 'not json'],
        ['attachments', '{'],
      ] as const) {
        const body = new FormData()
        if (fields !== null) body.append('_payload', fields)
        body.append('file', pngFile())
        const answer = await rest('POST', `/${collection}`, {
          body,
          token: member.token,
          headers: russian,
        })
        expect(
          [answer.status, answer.json.errors?.[0]?.message],
          `${collection} ${fields}`,
        ).toEqual([
          400,
          'Загрузка передаёт поля документа JSON-объектом в поле формы «_payload» рядом с файлом.',
        ])
      }
      // What reaches the logger's error level is a 4xx, which it writes as one info line
      // (src/server/logging.ts); nothing without a status (a crash) is left.
      statuses = errors.mock.calls.map(
        ([entry]) =>
          ((entry as { err?: { status?: number } })?.err ?? (entry as { status?: number }))?.status,
      )
    } finally {
      // The worker's later files share this Payload's logger.
      errors.mockRestore()
    }
    expect(statuses.every((status) => status === 400)).toBe(true)
  })
})

describe('the RSS feeds', () => {
  it('should carry an excerpt as plain text, escaped once', async () => {
    const xml = buildRss({
      title: 'News',
      link: 'https://example.org/news',
      self: 'https://example.org/news/rss.xml',
      description: 'Feed',
      language: 'en',
      items: [
        {
          title: 'Safe <b>bold</b> title',
          link: 'https://example.org/news/a',
          description:
            'Hello <img src=x onerror=alert(1)> <script>alert(2)</script> a < b <!-- x -->',
          published: null,
        },
      ],
    })
    const description = xml.match(/<item>.*<description>(.*?)<\/description>/s)?.[1]
    expect(description).toBe('Hello alert(2) a &lt; b')
    expect(xml).toContain('<title>Safe bold title</title>')
    // Read once as XML, the text holds no tag a reader could render.
    expect(description!.replace(/&lt;/g, '<')).not.toMatch(/<[a-z/!]/i)
  })
})

describe('a member blocked on the site or in the chat', () => {
  const blockSite = (member: Member) =>
    payload.update({
      collection: 'users',
      id: member.user.id,
      data: { blocked: true, blockReason: 'Fake reviews of other shops' },
    })

  it('should be told 402 ‘You are blocked.’ with the reason, at sign-in and by an open session', async () => {
    const member = await createMember({ payload })
    await blockSite(member)
    const expected = {
      status: 402,
      message: 'You are blocked.',
      reason: 'Fake reviews of other shops',
    }
    const login = await rest('POST', '/login', {
      headers: english,
      body: { login: member.user.username, password: 'secret-pass' },
    })
    expect([login.status, login.json]).toEqual([402, expect.objectContaining(expected)])
    // A wrong password learns nothing of the block.
    const guess = await rest('POST', '/login', {
      headers: english,
      body: { login: member.user.username, password: 'wrong-pass' },
    })
    expect([guess.status, guess.json.reason]).toEqual([422, undefined])
    const call = await rest('GET', '/get-user-by-id', { token: member.token, headers: english })
    expect([call.status, call.json]).toEqual([402, expect.objectContaining(expected)])
    // The open tab's viewer check (Payload's /users/me, with the page's cookie) learns it too.
    const me = await rest('GET', '/users/me', {
      headers: { Cookie: `payload-token=${member.token}`, 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(me.status).toBe(402)
    expect(me.json.errors[0]).toMatchObject({
      message: 'Вы заблокированы.',
      data: { reason: 'Fake reviews of other shops' },
    })
    // A guest's /users/me is still a guest's.
    expect((await rest('GET', '/users/me')).json.user).toBeNull()
  })

  it('should tell the member’s open chat streams of a chat block and its end, and no one else’s', async () => {
    const member = await createMember({ payload })
    const other = await createMember({ payload })
    const mine = await openStream({ member, address: '192.0.2.10' })
    const theirs = await openStream({ member: other, address: '192.0.2.11' })
    await payload.update({
      collection: 'users',
      id: member.user.id,
      data: { chatBlocked: true, blockReason: 'Flood' },
    })
    const [blocked] = await mine.waitFor(1)
    expect(blocked).toMatchObject({ event: 'chat-blocked', data: { blocked: true } })
    await payload.update({ collection: 'users', id: member.user.id, data: { chatBlocked: false } })
    const [, lifted] = await mine.waitFor(2)
    expect(lifted).toMatchObject({ event: 'chat-blocked', data: { blocked: false } })
    mine.close()
    theirs.close()
    expect(theirs.events.filter((event) => event.event === 'chat-blocked')).toEqual([])
  })
})

describe('request bodies past their call’s size', () => {
  const post = REST_POST(config)

  /** A chunked body of `total` bytes in 64 KB pieces; `counter.pulled` says how much was read. */
  const chunked = (total: number) => {
    const piece = new TextEncoder().encode('x'.repeat(64 * 1024))
    const counter = { pulled: 0 }
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (counter.pulled >= total) return controller.close()
        counter.pulled += piece.byteLength
        controller.enqueue(piece)
      },
    })
    return { stream, counter }
  }

  /** POST /api<path> with `body` exactly as given: a stream, or text with any Content-Length. */
  const send = async (
    path: string,
    {
      body,
      headers = {},
    }: { body: ReadableStream<Uint8Array> | string; headers?: Record<string, string> },
  ) => {
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: {
        [PEER_ADDRESS_HEADER]: '198.18.7.7',
        'Content-Type': 'application/json',
        ...headers,
      },
      body,
      duplex: 'half',
    }
    const response = await post(new Request(`http://localhost:3000/api${path}`, init), {
      params: Promise.resolve({ slug: path.slice(1).split('/') }),
    })
    const text = await response.text()
    return { status: response.status, json: text ? JSON.parse(text) : null }
  }

  it('should refuse a report past a few KB with 413, by its length or once read past it', async () => {
    const resource = await createResource({ payload })
    const small = JSON.stringify({ resource_id: resource.id, event: 'view' })
    expect((await send('/track', { body: small })).status).toBe(204)

    const declared = await send('/track', {
      body: small,
      headers: { 'Content-Length': String(8 * 1024 * 1024), ...english },
    })
    expect(declared).toEqual({
      status: 413,
      json: { status: 413, code: 'body-too-large', message: 'The request is too large.' },
    })
    // Eight megabytes without a length: read no further than the cap (and one chunk).
    const { stream, counter } = chunked(8 * 1024 * 1024)
    const streamed = await send('/track', { body: stream, headers: russian })
    expect([streamed.status, streamed.json.message]).toEqual([413, 'Запрос слишком большой.'])
    expect(counter.pulled).toBeLessThanOrEqual(REPORT_BYTES_MAX + 2 * 64 * 1024)
    // A report just under the cap is still read.
    const padded = JSON.stringify({ resource_id: resource.id, event: 'view', pad: '' })
    const atCap = padded.replace('""', `"${'x'.repeat(REPORT_BYTES_MAX - padded.length)}"`)
    expect((await send('/track', { body: atCap })).status).toBe(204)
  })

  it('should refuse a JSON body past its call’s size with 413, and take a small one', async () => {
    const member = await createMember({ payload })
    const resource = await createResource({ payload })
    const signedIn = { Authorization: `JWT ${member.token}` }
    const { stream, counter } = chunked(30 * 1024 * 1024)
    const streamed = await send('/add-favorite', {
      body: stream,
      headers: { ...signedIn, ...english },
    })
    expect([streamed.status, streamed.json]).toEqual([
      413,
      { status: 413, code: 'body-too-large', message: 'The request is too large.' },
    ])
    expect(counter.pulled).toBeLessThanOrEqual(BODY_BYTES_MAX + 2 * 64 * 1024)
    const declared = await send('/add-favorite', {
      body: JSON.stringify({ resource_id: resource.id }),
      headers: { ...signedIn, 'Content-Length': String(BODY_BYTES_MAX + 1) },
    })
    expect(declared.status).toBe(413)
    const fine = await send('/add-favorite', {
      body: JSON.stringify({ resource_id: resource.id }),
      headers: signedIn,
    })
    expect([fine.status, fine.json.favorite]).toEqual([200, true])
  })

  it('should still take a form’s files at their own limits, and judge a larger file by them', async () => {
    const member = await createMember({ payload })
    const full = new Uint8Array(UPLOAD_RULES.attachment.maxBytes)
    full.set(PNG)
    const files = Array.from(
      { length: LIMITS.attachmentsMax },
      (_, i) => new File([full], `scan-${i}.png`, { type: 'image/png' }),
    )
    const ticket = await rest('POST', '/add-requests', {
      token: member.token,
      body: formData({ subject: 'Five full scans', message: 'Each at the limit.' }, files),
    })
    expect([ticket.status, ticket.json.ticket?.messages?.[0]?.attachments?.length]).toEqual([
      200,
      LIMITS.attachmentsMax,
    ])
    const avatar = new Uint8Array(UPLOAD_RULES.avatar.maxBytes + 1024)
    avatar.set(PNG)
    const body = new FormData()
    body.append('avatar', new File([avatar], 'big.png', { type: 'image/png' }))
    const tooBig = await rest('POST', '/update-user-by-id', {
      token: member.token,
      body,
      headers: english,
    })
    expect([tooBig.status, tooBig.json.errors?.avatar]).toEqual([
      422,
      ['File size exceeds the maximum limit.'],
    ])
  })
})

describe('answers made for one person', () => {
  it('should tell every cache to keep none of a signed-in caller’s answers', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    await createResource({ payload, owner: owner.user.id })
    const paths = [
      '/users/me',
      `/users/${owner.user.id}`,
      '/notifications',
      '/account-sessions',
      '/get-security-events',
      '/get-backup-codes',
      '/get-notifications',
      '/get-notification-settings',
      '/analytics?range=7d',
    ]
    const answers = await Promise.all(
      paths.map(async (path) => {
        const { status, headers } = await rest('GET', path, { token: owner.token })
        return [path, status < 500, headers.get('cache-control')]
      }),
    )
    expect(answers).toEqual(paths.map((path) => [path, true, 'no-store']))
    // Signing in answers with the session's cookie: kept by nobody either.
    const login = await rest('POST', '/login', {
      body: { login: owner.user.username, password: 'secret-pass' },
    })
    expect([login.status, login.headers.get('cache-control')]).toEqual([200, 'no-store'])
  })

  it('should leave a public answer what it says, whoever asks', async () => {
    const member = await createMember({ payload })
    const suggestions = await rest('GET', '/search-suggestions?q=Resource&locale=en', {
      token: member.token,
    })
    expect(suggestions.headers.get('cache-control')).toBe(
      `public, max-age=${DIRECTORY_CACHE_SECONDS}`,
    )
    const form = new FormData()
    form.append('file', pngFile('public.png'))
    form.append('_payload', JSON.stringify({ alt: 'A public picture' }))
    const uploaded = await rest('POST', '/media', { body: form, token: member.token })
    expect(uploaded.status).toBe(201)
    const picture = await fileResponse({
      collection: 'media',
      filename: uploaded.json.doc.filename,
      token: member.token,
    })
    await picture.arrayBuffer()
    expect(picture.headers.get('cache-control')).toBe('public, max-age=86400')
    // A guest's answer is the same for every guest: it gains nothing.
    const guest = await rest('GET', '/resources?limit=1')
    expect([guest.status, guest.headers.get('cache-control')]).toEqual([200, null])
  })
})

describe('a list’s page past its last', () => {
  /** Where the proxy sends a visit of `path`: the internal view the page renders. */
  const viewOf = async (path: string) =>
    (await proxy(new NextRequest(new URL(path, 'http://localhost:3000')))).headers.get(
      'x-middleware-rewrite',
    )

  it('should stay past the last page however large its number, where page 1 it was', async () => {
    expect(['99999999999999999999', '2147483648', '1e308'].map(pageParam)).toEqual([
      MAX_RECORD_ID,
      MAX_RECORD_ID,
      MAX_RECORD_ID,
    ])
    expect(['abc', '0', '-3', '2.5', '', undefined].map(pageParam)).toEqual([1, 1, 1, 1, 1, 1])
    expect(await viewOf('/news?page=99999999999999999999')).toBe(
      `http://localhost:3000/ru/news/list-view/${MAX_RECORD_ID}`,
    )
    const view = await viewOf('/en/resources/shops?page=99999999999999999999')
    expect(view).toBe(`http://localhost:3000/en/directory-view/listing/shops/page-${MAX_RECORD_ID}`)
    // The listing read for that view has fewer pages than its number: the page answers 404
    // (notFound past the last page, page.tsx), as the e2e test of bad input checks.
    await createResource({ payload, type: 'shop' })
    const query = readListingView(view!.split('/').at(-1)!)
    const listing = await readListing({ locale: 'en', type: 'shop', ...query })
    expect([query.page, listing.resources]).toEqual([MAX_RECORD_ID, []])
    expect(listing.pages).toBeLessThan(query.page)
    // Page 1 of a listing with nothing in it is still page 1, not past the last.
    const empty = await readListing({
      ...query,
      locale: 'en',
      type: 'shop',
      country: 'ZZ',
      page: 1,
    })
    expect([empty.page, empty.pages]).toEqual([1, 0])
  })
})
