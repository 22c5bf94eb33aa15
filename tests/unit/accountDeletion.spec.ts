import { describe, expect, it } from 'vitest'

import { KEPT_WITHOUT_NAME, REMOVED_WITH_ACCOUNT } from '@/lib/accountDeletion'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'

describe('what deleting an account does, as the pages say it', () => {
  it('should tell each kind the deletion removes or keeps, and no other, in both languages', () => {
    for (const messages of [en, ru]) {
      const told = messages['account-deletion']
      expect(Object.keys(told.removed)).toEqual([...REMOVED_WITH_ACCOUNT])
      expect(Object.keys(told.kept)).toEqual([...KEPT_WITHOUT_NAME])
      for (const sentence of [...Object.values(told.removed), ...Object.values(told.kept)]) {
        expect(sentence).toMatch(/\S.*[.»"]$/)
      }
    }
  })
})
