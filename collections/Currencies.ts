import type { CollectionConfig, Validate } from 'payload'

import { CURRENCY_KINDS, isCurrencyCode } from '@/lib/rates'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { adminOnly } from '@access/adminOnly'
import { anyone } from '@access/anyone'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import {
  expireRatePagesAfterChange,
  expireRatePagesAfterDelete,
} from '@hooks/rates/expireRatePages'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'

import { labelledOptions } from './labels'

/**
 * The currencies exchangers trade (issue 48): the code their rates feeds use, a name in each
 * language and a kind. Admins keep the table; a feed's item in a code not listed here is refused.
 */
export const Currencies: CollectionConfig = {
  slug: 'currencies',
  access: { read: anyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'name', 'kind', 'unit'],
    listSearchableFields: ['code', 'name'],
    group: { ru: 'Курсы обмена', en: 'Exchange rates' },
    hidden: hiddenUnlessAdmin,
    description: {
      ru: 'Валюты, которые обменники указывают в выгрузках курсов. Строки выгрузки с кодом, которого здесь нет, не принимаются.',
      en: 'The currencies exchangers name in their rates feeds. A feed item with a code not listed here is refused.',
    },
  },
  labels: {
    singular: { ru: 'Валюта', en: 'Currency' },
    plural: { ru: 'Валюты', en: 'Currencies' },
  },
  defaultSort: 'code',
  fields: [
    {
      name: 'code',
      type: 'text',
      label: { ru: 'Код', en: 'Code' },
      required: true,
      unique: true,
      index: true,
      maxLength: 16,
      validate: ((value, { req }) =>
        isCurrencyCode(value) ||
        serverMessage({
          locale: messageLocale(req),
          key: 'api.currency-code-invalid',
        })) as Validate,
      admin: {
        description: {
          ru: 'Как в выгрузках обменников: BTC, USDTTRC20, SBERRUB',
          en: 'As exchangers’ feeds spell it: BTC, USDTTRC20, SBERRUB',
        },
      },
    },
    {
      name: 'name',
      type: 'text',
      label: { ru: 'Название', en: 'Name' },
      required: true,
      localized: true,
      maxLength: 80,
    },
    {
      name: 'kind',
      type: 'select',
      label: { ru: 'Вид', en: 'Kind' },
      required: true,
      options: labelledOptions(CURRENCY_KINDS, {
        crypto: { ru: 'Криптовалюта', en: 'Cryptocurrency' },
        bank: { ru: 'Банк', en: 'Bank' },
        payment: { ru: 'Платёжная система', en: 'Payment system' },
        cash: { ru: 'Наличные', en: 'Cash' },
      }),
    },
    {
      name: 'unit',
      type: 'text',
      label: { ru: 'Единица', en: 'Unit' },
      required: true,
      maxLength: 10,
      admin: {
        description: {
          ru: 'В чём считаются суммы: RUB для SBERRUB, BTC для BTC',
          en: 'What amounts are counted in: RUB for SBERRUB, BTC for BTC',
        },
      },
    },
  ],
  hooks: {
    beforeValidate: [refuseNonTextValues],
    afterChange: [expireRatePagesAfterChange],
    afterDelete: [expireRatePagesAfterDelete],
  },
}
