import { describe, expect, it } from 'vitest'

import {
  GRAPHQL_PARTS,
  type GraphqlPart,
  admin,
  guest,
  member,
  setUpMalformedInputWorld,
  walkGraphqlDoor,
} from '../helpers/malformedInput'

setUpMalformedInputWorld()

const EVERYONES: GraphqlPart[] = ['bodies', 'ids']

describe.each([
  ['a guest', () => guest, EVERYONES],
  ['a member', () => member, EVERYONES],
  ['an admin', () => admin, Object.keys(GRAPHQL_PARTS) as GraphqlPart[]],
] as const)('the GraphQL door with malformed input, from %s', (name, who, parts) => {
  it.each(parts.map((part) => [GRAPHQL_PARTS[part], part]))(
    `should answer ${name} with GraphQL errors to %s, never a 5xx`,
    async (_, part) => {
      expect(await walkGraphqlDoor(who(), part)).toEqual([])
    },
    120_000,
  )
})
