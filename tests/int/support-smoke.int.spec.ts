import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember, createResource } from '../helpers/directory'
import { closePayload, startPayload } from '../helpers/payload'
import { fileStatus, rest } from '../helpers/restClient'

let payload: Payload
beforeAll(async () => {
  payload = await startPayload()
})
afterAll(() => closePayload(payload))

const PNG = readFileSync(join(import.meta.dirname, '../fixtures/sample.png'))
const png = () => new File([PNG], 'shot.png', { type: 'image/png' })
const form = (fields: Record<string, string | number>, files: File[] = []) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v))
  for (const f of files) body.append('attachments', f)
  return body
}

describe('support smoke', () => {
  it('ticket round trip', async () => {
    const user = await createMember({ payload })
    const other = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    const opened = await rest('POST', '/add-requests', {
      token: user.token,
      body: form({ subject: 'Help', message: 'Hi' }, [png()]),
    })
    expect(opened.status, JSON.stringify(opened.json)).toBe(200)
    const id = opened.json.ticket.id
    expect(opened.json.ticket.messages[0].attachments).toHaveLength(1)
    const url = opened.json.ticket.messages[0].attachments[0].url
    expect(
      (await rest('POST', '/get-ticket-by-id', { token: other.token, body: { id } })).status,
    ).toBe(404)
    const queue = await rest('POST', '/get-tickets', {
      token: admin.token,
      body: { queue: true, status: 'open' },
    })
    expect(queue.json.tickets.map((t: { id: number }) => t.id)).toContain(id)
    const reply = await rest('POST', '/reply-ticket', {
      token: admin.token,
      body: form({ id, message: 'Answer' }, [png()]),
    })
    expect(reply.status, JSON.stringify(reply.json)).toBe(200)
    const list = await rest('POST', '/get-tickets', { token: user.token, body: {} })
    expect(list.json.tickets[0]).toMatchObject({ id, status: 'answered', unread: true })
    const read = await rest('POST', '/get-ticket-by-id', { token: user.token, body: { id } })
    expect(read.json.ticket.messages).toHaveLength(2)
    expect(read.json.ticket.messages[1].attachments).toHaveLength(1)
    const fileUrl = read.json.ticket.messages[1].attachments[0].url as string
    const name = (u: string) => decodeURIComponent(u.split('/').pop()!)
    expect(await fileStatus({ filename: name(fileUrl), token: user.token })).toBe(200)
    expect(await fileStatus({ filename: name(fileUrl), token: other.token })).toBe(403)
    expect(await fileStatus({ filename: name(url), token: other.token })).toBe(403)
    expect(
      (await rest('POST', '/get-tickets', { token: user.token, body: {} })).json.tickets[0].unread,
    ).toBe(false)
    expect((await rest('GET', `/tickets/${id}`, { token: other.token })).status).toBe(404)
    expect((await rest('GET', `/ticket-messages`, { token: other.token })).json.docs).toHaveLength(
      0,
    )
    const closed = await rest('POST', '/close-ticket', { token: user.token, body: { id } })
    expect(closed.json.ticket.status).toBe('closed')
    expect(
      (
        await rest('POST', '/reply-ticket', {
          token: user.token,
          body: form({ id, message: 'more' }),
        })
      ).status,
    ).toBe(422)
  })

  it('verification round trip', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const stranger = await createMember({ payload, role: 'owner' })
    const admin = await createMember({ payload, role: 'admin' })
    const resource = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    const refused = await rest('POST', '/add-request-for-verification', {
      token: stranger.token,
      body: form({ resource_id: resource.id, message: 'mine' }, [png()]),
    })
    expect(refused.status).toBe(422)
    const noFiles = await rest('POST', '/add-request-for-verification', {
      token: owner.token,
      body: form({ resource_id: resource.id, message: 'mine' }),
    })
    expect(noFiles.status).toBe(422)
    const sent = await rest('POST', '/add-request-for-verification', {
      token: owner.token,
      body: form({ resource_id: resource.id, message: 'mine' }, [png()]),
    })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect(sent.json.request).toMatchObject({
      status: 'sent',
      resource: { id: resource.id, verified: false },
    })
    const again = await rest('POST', '/add-request-for-verification', {
      token: owner.token,
      body: form({ resource_id: resource.id, message: 'mine' }, [png()]),
    })
    expect(again.status).toBe(422)
    expect(again.json.errors.resource_id).toBeTruthy()
    expect((await rest('POST', '/get-all-requests', { token: owner.token, body: {} })).status).toBe(
      403,
    )
    const queue = await rest('POST', '/get-all-requests', {
      token: admin.token,
      body: { status: 'sent', type: 'shop' },
    })
    expect(queue.json.requests.map((r: { id: number }) => r.id)).toContain(sent.json.request.id)
    const id = sent.json.request.id
    expect(
      (
        await rest('POST', '/decide-request', {
          token: admin.token,
          body: { id, decision: 'reject' },
        })
      ).status,
    ).toBe(422)
    const review = await rest('POST', '/decide-request', {
      token: admin.token,
      body: { id, decision: 'review' },
    })
    expect(review.json.request.status).toBe('awaitingReview')
    const approve = await rest('POST', '/decide-request', {
      token: admin.token,
      body: { id, decision: 'approve' },
    })
    expect(approve.status, JSON.stringify(approve.json)).toBe(200)
    expect(approve.json.request).toMatchObject({ status: 'approved', resource: { verified: true } })
    expect(approve.json.request.history.map((h: { status: string }) => h.status)).toEqual([
      'sent',
      'awaitingReview',
      'approved',
    ])
    const mine = await rest('POST', '/get-my-requests', { token: owner.token, body: {} })
    expect(mine.json.requests[0].id).toBe(id)
    expect(
      (await rest('POST', '/get-my-requests', { token: stranger.token, body: {} })).json.total,
    ).toBe(0)
    const revoke = await rest('POST', '/decide-request', {
      token: admin.token,
      body: { id, decision: 'revoke', answer: 'Fake' },
    })
    expect(revoke.json.request).toMatchObject({
      status: 'revoked',
      answer: 'Fake',
      resource: { verified: false },
    })
    expect(
      (
        await rest('PATCH', `/verification-requests/${id}`, {
          token: owner.token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await rest('POST', '/delete-request', { token: admin.token, body: { id } })).json.deleted,
    ).toBe(true)
  })
})
