import { initI18n } from '@payloadcms/translations'
import { schedulePublishHandler } from '@payloadcms/ui/utilities/schedulePublishHandler'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { failedScheduledPublications, scheduledPublications } from '@/data/scheduledPublications'
import type { Locale } from '@/i18n/routing'
import { plainToRichText } from '@/server/richText'
import type { User } from '@payload-types'

import { createArticle } from '../helpers/content'
import { createMember } from '../helpers/directory'
import { makeDue, runJob } from '../helpers/jobs'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
let editor: Awaited<ReturnType<typeof createMember>>
let member: Awaited<ReturnType<typeof createMember>>

beforeAll(async () => {
  payload = await startPayload()
  editor = await createMember({ payload, role: 'editor' })
  member = await createMember({ payload })
})

/** The drafts this file scheduled, whose jobs it takes away when it ends. */
const scheduled = new Set<number>()

afterAll(async () => {
  // A job left waiting would come due a minute later, inside a later file's run of the queue
  // (the worker's files share its database), and publish a draft there.
  for (const id of scheduled) {
    for (const job of await jobsOf(id)) {
      await payload.delete({ collection: 'payload-jobs', id: job.id, overrideAccess: true })
    }
  }
  await releasePayload()
})

const inAMinute = () => new Date(Date.now() + 60_000).toISOString()

/** A draft with a title but no text: saved as a draft, it could not be published. */
const incompleteDraft = () =>
  payload.create({
    collection: 'news',
    draft: true,
    locale: 'ru',
    data: { title: `Неполный черновик ${Date.now()}`, _status: 'draft' },
  })

const scheduleJob = (id: number | string, extra: Record<string, unknown> = {}) => ({
  taskSlug: 'schedulePublish',
  waitUntil: inAMinute(),
  input: { type: 'publish', doc: { relationTo: 'news', value: String(id) } },
  ...extra,
})

/** The admin's schedule drawer calls this server function (Payload's own handler). */
const scheduleFromAdmin = async (user: User, id: number | string, language: Locale = 'ru') => {
  // As the admin's server function builds it: Payload's language from its cookie.
  const headers = new Headers({ cookie: `payload-lng=${language}` })
  const i18n = await initI18n({ config: payload.config.i18n, context: 'client', language })
  const req = await createLocalReq(
    { user: { ...user, collection: 'users' } as never, req: { headers, i18n } },
    payload,
  )
  return schedulePublishHandler({
    type: 'publish',
    date: new Date(Date.now() + 60_000) as never,
    doc: { relationTo: 'news', value: String(id) },
    req,
  } as never)
}

/** The publication jobs of one document (among every file's, all of them read). */
const jobsOf = async (id: number | string) =>
  (
    await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'schedulePublish' } },
      pagination: false,
      overrideAccess: true,
    })
  ).docs.filter(
    (job) => String((job.input as { doc?: { value?: unknown } })?.doc?.value) === String(id),
  )

describe('scheduling a publication', () => {
  it('should refuse to schedule a draft that would fail validation, through REST, in the caller’s language', async () => {
    const draft = await incompleteDraft()
    const ru = await rest('POST', '/payload-jobs', {
      body: scheduleJob(draft.id),
      token: editor.token,
    })
    expect(ru.status).toBe(400)
    expect(JSON.stringify(ru.json)).toContain('Запланировать публикацию нельзя')
    expect(JSON.stringify(ru.json)).toContain('Текст')
    const en = await rest('POST', '/payload-jobs', {
      body: scheduleJob(draft.id),
      token: editor.token,
      headers: { 'Accept-Language': 'en' },
    })
    expect(en.status).toBe(400)
    expect(JSON.stringify(en.json)).toContain('Publication cannot be scheduled')
    expect(JSON.stringify(en.json)).toContain('Text')
    expect(await jobsOf(draft.id)).toEqual([])
  })

  it('should refuse it through GraphQL too', async () => {
    const draft = await incompleteDraft()
    const viaGraphql = await graphql(
      `mutation { createPayloadJob(data: { taskSlug: schedulePublish, waitUntil: "${inAMinute()}", input: { type: "publish", doc: { relationTo: "news", value: "${draft.id}" } } }) { id } }`,
      { token: editor.token },
    )
    expect(JSON.stringify(viaGraphql.json?.errors)).toContain('Заполните поля')
    expect(await jobsOf(draft.id)).toEqual([])
  })

  it('should refuse it where the admin’s schedule drawer creates the job, with the message', async () => {
    const draft = await incompleteDraft()
    const answer = (await scheduleFromAdmin(editor.user, draft.id)) as { error?: string }
    expect(answer.error).toContain('Запланировать публикацию нельзя')
    expect(answer.error).toContain('Текст')
    const inEnglish = (await scheduleFromAdmin(editor.user, draft.id, 'en')) as { error?: string }
    expect(inEnglish.error).toContain('Publication cannot be scheduled')
    // The Local API (a server's own job) meets the same rule.
    await expect(
      payload.jobs.queue({
        task: 'schedulePublish',
        waitUntil: new Date(Date.now() + 60_000),
        input: { type: 'publish', doc: { relationTo: 'news', value: draft.id } },
      }),
    ).rejects.toThrow()
    expect(await jobsOf(draft.id)).toEqual([])
    // Nothing of the trial publication stays: the draft is still a draft, with no new version.
    const still = await payload.findByID({ collection: 'news', id: draft.id, draft: true })
    expect(still._status).toBe('draft')
  })

  it('should accept a complete draft through the admin and REST, and run it as its editor', async () => {
    const draft = await createArticle({ payload, status: 'draft', title: 'Полный черновик' })
    scheduled.add(draft.id)
    const answer = (await scheduleFromAdmin(editor.user, draft.id)) as { error?: string }
    expect(answer.error).toBeUndefined()
    const byRest = await rest('POST', '/payload-jobs', {
      // Whatever the body says, the job runs as the person who made it.
      body: scheduleJob(draft.id, {
        input: {
          type: 'publish',
          doc: { relationTo: 'news', value: String(draft.id) },
          user: { relationTo: 'users', value: member.user.id },
        },
        processing: true,
      }),
      token: editor.token,
    })
    expect(byRest.status).toBe(201)
    const jobs = await jobsOf(draft.id)
    expect(jobs).toHaveLength(2)
    for (const job of jobs) {
      expect((job.input as { user?: { value?: unknown } }).user?.value).toBe(editor.user.id)
      expect(job.processing).toBe(false)
    }
    // Nothing was published by the check.
    expect((await rest('GET', `/news/${draft.id}`)).status).toBe(404)
  })

  it('should refuse members and guests on REST', async () => {
    const draft = await createArticle({ payload, status: 'draft', title: 'Чужой черновик' })
    for (const token of [member.token, undefined]) {
      const refused = await rest('POST', '/payload-jobs', { body: scheduleJob(draft.id), token })
      expect(refused.status).toBe(403)
    }
    const other = await rest('POST', '/payload-jobs', {
      body: { ...scheduleJob(draft.id), taskSlug: 'inline' },
      token: editor.token,
    })
    expect(other.status).toBe(400)
    const past = await rest('POST', '/payload-jobs', {
      body: { ...scheduleJob(draft.id), waitUntil: new Date(Date.now() - 3_600_000).toISOString() },
      token: editor.token,
    })
    expect(past.status).toBe(400)
    expect(await jobsOf(draft.id)).toEqual([])
  })
})

describe('a publication that fails at its time', () => {
  it('should be recorded, shown to editors on the document and the dashboard, and mailed', async () => {
    const draft = await createArticle({ payload, status: 'draft', title: 'Сломается к сроку' })
    scheduled.add(draft.id)
    const made = await rest('POST', '/payload-jobs', {
      body: scheduleJob(draft.id),
      token: editor.token,
    })
    expect(made.status).toBe(201)
    // Meanwhile the draft loses its text.
    await payload.update({
      collection: 'news',
      id: draft.id,
      draft: true,
      locale: 'ru',
      data: { content: null as never, _status: 'draft' },
    })
    // Its time comes, and the queue's runner runs it (this job only, without waiting for it).
    await makeDue({ payload, id: made.json.doc.id })
    await runJob({ payload, id: made.json.doc.id })

    const job = (await jobsOf(draft.id))[0]
    expect(job.hasError).toBe(true)
    expect((await rest('GET', `/news/${draft.id}`)).status).toBe(404)

    // Editors read the failure, members and guests do not.
    const seen = await rest('GET', `/payload-jobs/${job.id}`, { token: editor.token })
    expect(seen.status).toBe(200)
    expect(seen.json.error.message).toBeTruthy()
    expect(seen.json.error.stack).toBeUndefined()
    for (const token of [member.token, undefined]) {
      const hidden = await rest('GET', `/payload-jobs/${job.id}`, { token })
      expect([403, 404]).toContain(hidden.status)
      const list = await rest('GET', '/payload-jobs', { token })
      expect(list.status === 403 || list.json.totalDocs === 0).toBe(true)
    }

    // The document's banner and the dashboard's panel read it.
    const onDocument = await failedScheduledPublications({
      payload,
      user: editor.user,
      collection: 'news',
      id: draft.id,
    })
    expect(onDocument).toHaveLength(1)
    expect(onDocument[0]).toMatchObject({
      collection: 'news',
      docId: draft.id,
      title: 'Сломается к сроку',
    })
    expect(onDocument[0].reason).toBeTruthy()
    const onDashboard = await failedScheduledPublications({ payload, user: editor.user })
    expect(onDashboard.map((f) => f.docId)).toContain(draft.id)
    expect(await failedScheduledPublications({ payload, user: member.user })).toEqual([])

    // The editor who scheduled it is told, with a link to the document.
    const mail = await waitForMail({ to: editor.user.email })
    expect(mail.subject).toContain('Сломается к сроку')
    expect(mail.text).toContain(`/admin/collections/news/${draft.id}`)

    // Published again, the failure is settled and leaves the banner and the dashboard.
    await payload.update({
      collection: 'news',
      id: draft.id,
      locale: 'ru',
      data: { content: plainToRichText('Текст вернулся.'), _status: 'published' },
    })
    expect(
      await failedScheduledPublications({
        payload,
        user: editor.user,
        collection: 'news',
        id: draft.id,
      }),
    ).toEqual([])
  })
})

describe('the list of scheduled publications', () => {
  /** A complete draft with a publication and an unpublication scheduled through REST. */
  const scheduledDraft = async (title: string) => {
    const draft = await createArticle({ payload, status: 'draft', title })
    scheduled.add(draft.id)
    const at = new Date(Date.now() + 2 * 3_600_000).toISOString()
    for (const type of ['publish', 'unpublish']) {
      const made = await rest('POST', '/payload-jobs', {
        body: scheduleJob(draft.id, {
          waitUntil: type === 'publish' ? inAMinute() : at,
          input: { type, doc: { relationTo: 'news', value: String(draft.id) } },
        }),
        token: editor.token,
      })
      expect(made.status).toBe(201)
    }
    return draft
  }

  it('should show editors what waits, soonest first, with its document, time and who scheduled it', async () => {
    const draft = await scheduledDraft('Выйдет по расписанию')
    const all = await scheduledPublications({ payload, user: editor.user, locale: 'ru' })
    const own = all.filter((row) => row.docId === draft.id)
    expect(own).toMatchObject([
      {
        collection: 'news',
        title: 'Выйдет по расписанию',
        type: 'publish',
        locale: null,
        scheduledBy: editor.user.name || editor.user.displayName,
      },
      { type: 'unpublish' },
    ])
    expect(new Date(own[0].at).getTime()).toBeGreaterThan(Date.now())
    expect(own[0].at < own[1].at).toBe(true)
    const times = all.map((row) => row.at)
    expect(times).toEqual([...times].sort())
    // One collection's, and one document's, as its list and its edit view ask.
    const inNews = await scheduledPublications({ payload, user: editor.user, collection: 'news' })
    expect(inNews.filter((row) => row.docId === draft.id)).toHaveLength(2)
    expect(
      await scheduledPublications({
        payload,
        user: editor.user,
        collection: 'posts',
        id: draft.id,
      }),
    ).toEqual([])
    expect(
      await scheduledPublications({ payload, user: editor.user, collection: 'news', id: draft.id }),
    ).toHaveLength(2)
  })

  it('should show members, guests and blocked editors nothing', async () => {
    await scheduledDraft('Не для посторонних')
    const blocked = { ...editor.user, blocked: true }
    for (const user of [member.user, null, blocked]) {
      expect(await scheduledPublications({ payload, user })).toEqual([])
    }
    // Nor does the jobs collection show them any, on REST.
    for (const token of [member.token, undefined]) {
      const list = await rest('GET', '/payload-jobs?limit=50', { token })
      expect(list.status === 403 || list.json.totalDocs === 0).toBe(true)
    }
  })

  it('should take away a publication cancelled in the schedule drawer, and report no error', async () => {
    const draft = await scheduledDraft('Передумали')
    const [publication] = await jobsOf(draft.id)
    const req = await createLocalReq(
      { user: { ...editor.user, collection: 'users' } as never },
      payload,
    )
    const answer = (await schedulePublishHandler({ deleteID: publication.id, req } as never)) as {
      error?: string
    }
    expect(answer.error).toBeUndefined()
    expect((await jobsOf(draft.id)).map((job) => job.id)).not.toContain(publication.id)
  })

  it('should leave out a publication once it has run, and one that failed', async () => {
    const draft = await scheduledDraft('Уже вышла')
    const [publication] = (await jobsOf(draft.id)).filter(
      (job) => (job.input as { type?: string }).type === 'publish',
    )
    await makeDue({ payload, id: publication.id })
    await runJob({ payload, id: publication.id })
    const left = await scheduledPublications({
      payload,
      user: editor.user,
      id: draft.id,
      collection: 'news',
    })
    expect(left.map((row) => row.type)).toEqual(['unpublish'])

    const failing = await createArticle({ payload, status: 'draft', title: 'Не выйдет' })
    scheduled.add(failing.id)
    const made = await rest('POST', '/payload-jobs', {
      body: scheduleJob(failing.id),
      token: editor.token,
    })
    await payload.update({
      collection: 'news',
      id: failing.id,
      draft: true,
      locale: 'ru',
      data: { content: null as never, _status: 'draft' },
    })
    await makeDue({ payload, id: made.json.doc.id })
    await runJob({ payload, id: made.json.doc.id })
    expect(
      await scheduledPublications({
        payload,
        user: editor.user,
        id: failing.id,
        collection: 'news',
      }),
    ).toEqual([])
  })
})
