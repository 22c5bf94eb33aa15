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

  it("should name a call's capability and the roles it admits", async () => {
    const { json } = await rest('GET', '/openapi.json')
    const { description, responses, ...operation } = json.paths['/hide-comment'].post
    expect({
      description,
      capability: operation['x-capability'],
      refused: Boolean(responses[403]),
    }).toEqual({
      description: 'Capability: canModerateComments. Roles: admin, editor',
      capability: { name: 'canModerateComments', roles: ['admin', 'editor'] },
      refused: true,
    })
  })
})
