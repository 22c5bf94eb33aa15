import { describe, expect, it } from 'vitest'

import { apiEndpoints } from '../../endpoints'
import { rest } from '../helpers/restClient'

describe('OpenAPI document', () => {
  it('should describe every endpoint the API serves', async () => {
    const { json } = await rest('GET', '/openapi.json')
    const described = Object.entries(json.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((method) => `${method} ${path}`),
    )
    const served = apiEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(described.sort()).toEqual(served.sort())
  })

  it('should give the request schema of the spec calls', async () => {
    const { json } = await rest('GET', '/openapi.json')
    const schema = json.paths['/login'].post.requestBody.content['application/json'].schema
    expect(schema.required).toEqual(['login', 'password'])
  })
})
