import { Writable } from 'node:stream'

import { APIError, ValidationError } from 'payload'
import pino from 'pino'
import { describe, expect, it } from 'vitest'

import { payloadLogHooks } from '@/server/logging'

/** A logger with the app's hooks, and the lines it wrote. */
const capture = () => {
  const lines: Array<{ level: number; msg?: string; err?: { stack?: string } }> = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: pino({ hooks: payloadLogHooks }, sink), lines }
}

describe("Payload's log", () => {
  it('should tell a request’s own fault in one info line, without its stack', () => {
    const { logger, lines } = capture()
    logger.error({ err: new APIError('Not allowed here.', 403) })
    logger.error({ err: new ValidationError({ errors: [{ message: 'Bad', path: 'title' }] }) })
    const wrapped = Object.assign(new Error('Bad value'), {
      originalError: new APIError('Bad value', 400),
    })
    logger.error({ err: wrapped })
    expect(lines.map(({ level, msg, err }) => [level, msg, err])).toEqual([
      [30, '403 Not allowed here.', undefined],
      [30, '400 The following field is invalid: title', undefined],
      [30, '400 Bad value', undefined],
    ])
  })

  it('should keep a server fault an error with its stack', () => {
    const { logger, lines } = capture()
    logger.error({ err: new Error('Something broke') })
    logger.error({ err: new APIError('Upstream failed', 502) })
    expect(lines.map(({ level }) => level)).toEqual([50, 50])
    expect(lines[0].err?.stack).toContain('Something broke')
  })

  it('should not log again, per request, that the database is away', () => {
    const { logger, lines } = capture()
    logger.error({
      err: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    })
    expect(lines).toEqual([])
  })
})
