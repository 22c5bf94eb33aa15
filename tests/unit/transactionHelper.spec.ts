import { describe, expect, it } from 'vitest'

import { ruleIdsFor } from './lintProbe'

describe('one transaction helper', () => {
  it.each([
    ['hooks/probe.ts', "import { initTransaction as value } from 'payload'"],
    ['endpoints/probe.ts', "import { commitTransaction as value } from 'payload'"],
    ['src/server/probe.ts', "import { killTransaction as value } from 'payload'"],
    [
      'hooks/probe.ts',
      'const payload = { db: { beginTransaction: () => 1 } }\nconst value = payload.db.beginTransaction()',
    ],
    [
      'src/server/sql/probe.ts',
      'const adapter = { commitTransaction: (id: number) => id }\nconst value = adapter.commitTransaction(1)',
    ],
    [
      'src/data/probe.ts',
      'const db = { rollbackTransaction: (id: number) => id }\nconst value = db.rollbackTransaction(1)',
    ],
    [
      'collections/probe.ts',
      'const db = { beginTransaction: () => 1 }\nconst value = db.beginTransaction.bind(db)',
    ],
  ])(
    'should refuse a transaction opened or ended outside inTransaction (%s: %s)',
    async (file, code) => {
      expect(await ruleIdsFor(file, code)).toContain('no-restricted-syntax')
    },
  )

  it('should let src/server/db.ts open and end them', async () => {
    const code =
      "import { commitTransaction, initTransaction, killTransaction } from 'payload'\nconst value = [commitTransaction, initTransaction, killTransaction]"
    expect(await ruleIdsFor('src/server/db.ts', code)).toEqual([])
  })
})
