import type { Endpoint } from 'payload'
import { z } from 'zod'

import { type Caller, bodyBytesMaxOf } from '@/api/call'
import * as roleModel from '@/lib/roles'
import { serverUrl, siteName } from '@/server/env'

import { type EndpointDoc, endpointDocs } from './lib/defineEndpoint'

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as {
    properties?: Record<string, object>
    required?: string[]
  }

const parameters = (query: z.ZodType) => {
  const { properties = {}, required = [] } = jsonSchema(query)
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }))
}

/**
 * A call's capability as the document tells it: its name in the role model (each capability is a
 * function of its own, src/lib/roles.ts) and the roles it admits, evaluated over ROLES.
 */
const who = (auth: Caller) => {
  if (typeof auth !== 'function') return {}
  const name = Object.entries(roleModel).find(([, value]) => value === auth)?.[0] ?? 'capability'
  const roles = roleModel.rolesWith(auth)
  return {
    description: `Capability: ${name}. Roles: ${roles.join(', ')}`,
    'x-capability': { name, roles },
  }
}

const operation = (doc: EndpointDoc) => ({
  summary: doc.summary,
  ...(doc.auth === 'anyone' ? {} : { security: [{ bearer: [] }] }),
  ...who(doc.auth),
  ...(doc.query ? { parameters: parameters(doc.query) } : {}),
  ...(doc.body
    ? {
        requestBody: {
          required: true,
          content: {
            [doc.form ? 'multipart/form-data' : 'application/json']: {
              schema: jsonSchema(doc.body),
            },
          },
        },
      }
    : {}),
  responses: {
    200: {
      description: `Done: \`{status: 200${doc.answer ? `, ${doc.answer.slice(1, -1)}` : ''}}\``,
    },
    ...(doc.auth === 'anyone' ? {} : { 401: { description: 'Not signed in' } }),
    402: { description: 'You are blocked.' },
    ...(typeof doc.auth === 'function'
      ? { 403: { description: 'Not allowed for this role' } }
      : {}),
    ...(doc.body
      ? {
          413: {
            description: `The body is larger than ${bodyBytesMaxOf(doc)} bytes`,
          },
        }
      : {}),
    422: {
      description:
        'Refused: `{status, code, message, errors?: {field: [message]}}` in the request language',
    },
    429: { description: 'Too many attempts' },
  },
})

/** The OpenAPI document of `endpoints`, made from their own declarations (defineEndpoint). */
export const openApiDocument = (endpoints: Endpoint[]) => ({
  openapi: '3.1.0',
  info: { title: `${siteName} API`, version: '1.0.0' },
  servers: [{ url: `${serverUrl()}/api` }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
  paths: endpointDocs(endpoints).reduce<Record<string, Record<string, object>>>(
    (paths, doc) => ({
      ...paths,
      [doc.path]: { ...paths[doc.path], [doc.method]: operation(doc) },
    }),
    {},
  ),
})

/** GET /api/openapi.json: the document of the API's own calls. */
export const openApi = (endpoints: Endpoint[]): Endpoint => ({
  path: '/openapi.json',
  method: 'get',
  handler: () => Response.json(openApiDocument(endpoints)),
})
