import { REST_GET } from '@payloadcms/next/routes'

import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import config from '@payload-config'

import type { createMember } from './directory'

type Member = Awaited<ReturnType<typeof createMember>>

type StreamEvent = { event: string; id?: string; data: Record<string, unknown> }

const getHandler = REST_GET(config)

/**
 * Opens GET /api/chat-stream as a browser's EventSource would and collects its events, message
 * and removed ones (online counts aside); `close` ends the connection.
 */
export const openStream = async ({
  member,
  after,
  lastEventId,
  address,
}: {
  member?: Member | null
  after?: number
  lastEventId?: number
  /** The client's address, as scripts/serve.ts tells it (none: unknown). */
  address?: string
}) => {
  const controller = new AbortController()
  const url = new URL('/api/chat-stream', 'http://localhost:3000')
  if (after !== undefined) url.searchParams.set('after', String(after))
  const request = new Request(url, {
    signal: controller.signal,
    headers: {
      ...(member ? { Authorization: `JWT ${member.token}` } : {}),
      ...(lastEventId !== undefined ? { 'Last-Event-ID': String(lastEventId) } : {}),
      ...(address ? { [PEER_ADDRESS_HEADER]: address } : {}),
      'Accept-Language': 'en',
    },
  })
  const response = await getHandler(request, { params: Promise.resolve({ slug: ['chat-stream'] }) })
  const events: StreamEvent[] = []
  const waiters: Array<() => void> = []
  if (response.status === 200 && response.body) {
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    void (async () => {
      let text = ''
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          text += decoder.decode(value, { stream: true })
          let end = text.indexOf('\n\n')
          while (end >= 0) {
            const block = text.slice(0, end)
            text = text.slice(end + 2)
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((line) => line && !line.startsWith(':'))
                .map((line) => [
                  line.slice(0, line.indexOf(':')),
                  line.slice(line.indexOf(':') + 2),
                ]),
            )
            if (fields.event && fields.event !== 'online') {
              events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) })
              waiters.splice(0).forEach((wake) => wake())
            }
            end = text.indexOf('\n\n')
          }
        }
      } catch {
        // Aborted.
      }
    })()
  }
  const waitFor = async (count: number, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs
    while (events.length < count && Date.now() < until) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
    return events.slice(0, count)
  }
  return { response, events, waitFor, close: () => controller.abort() }
}
