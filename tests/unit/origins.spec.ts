import { describe, expect, it } from 'vitest'

import { trustedOrigins } from '@/server/origins'

describe('trusted origins', () => {
  it('should hold only the configured address in production', () => {
    expect(trustedOrigins({ url: 'http://localhost:3000', isDevelopment: false })).toEqual([
      'http://localhost:3000',
    ])
  })

  it('should add the loopback aliases on the same port in development', () => {
    expect(trustedOrigins({ url: 'http://localhost:3000/', isDevelopment: true })).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ])
  })

  it('should keep a default port implicit', () => {
    expect(trustedOrigins({ url: 'https://obzor.example', isDevelopment: true })).toContain(
      'https://127.0.0.1',
    )
  })
})
