import { describe, expect, it } from 'vitest'

import {
  GRAPHQL_PARTS,
  type GraphqlPart,
  type Share,
  admin,
  guest,
  member,
  setUpMalformedInputWorld,
  walkGraphqlDoor,
} from '../helpers/malformedInput'

setUpMalformedInputWorld()

/** The parts with a request per field of every operation come in three shares of operations. */
const SHARES: Partial<Record<GraphqlPart, number>> = { data: 3, where: 3 }

/** Each part of the corpus, or each share of it, as a test: its name, its part, its share. */
const walksOf = (parts: GraphqlPart[]) =>
  parts.flatMap((part) => {
    const of = SHARES[part] ?? 1
    return Array.from({ length: of }, (_, index): [string, GraphqlPart, Share] => [
      of > 1 ? `${GRAPHQL_PARTS[part]} (operations ${index + 1} of ${of})` : GRAPHQL_PARTS[part],
      part,
      { index, of },
    ])
  })

const EVERYONES = walksOf(['bodies', 'ids'])

describe.each([
  ['a guest', () => guest, EVERYONES],
  ['a member', () => member, EVERYONES],
  ['an admin', () => admin, walksOf(Object.keys(GRAPHQL_PARTS) as GraphqlPart[])],
] as const)('the GraphQL door with malformed input, from %s', (name, who, walks) => {
  it.each(walks)(
    `should answer ${name} with GraphQL errors to %s, never a 5xx`,
    async (_, part, share) => {
      expect(await walkGraphqlDoor(who(), part, share)).toEqual([])
    },
    120_000,
  )
})
