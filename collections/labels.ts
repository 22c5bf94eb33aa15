import { CRITERIA_ORDER, type ResourceType } from '@/lib/resourceTypes'
import { ROLES } from '@/lib/roles'
import { serverMessage } from '@/server/serverMessages'

/** A label in both languages of the admin. */
export type Label = { ru: string; en: string }

/**
 * A term in the site's own words (messages/*.json), for the admin's labels: the admin and the
 * site name a thing alike. A key that is not in the catalogues stops the config from loading.
 */
export const siteTerm = (key: string): Label => ({
  ru: serverMessage({ locale: 'ru', key }),
  en: serverMessage({ locale: 'en', key }),
})

/** Select options with labels in both languages, in the order of `values`. */
export const labelledOptions = <Value extends string>(
  values: readonly Value[],
  labels: Record<Value, Label>,
) => values.map((value) => ({ value, label: labels[value] }))

/** The roles, as the admin names them (an account's role, the deletions' log). */
export const ROLE_OPTIONS = labelledOptions(ROLES, {
  admin: { ru: 'Администратор', en: 'Administrator' },
  editor: { ru: 'Редактор', en: 'Editor' },
  owner: { ru: 'Владелец ресурсов', en: 'Resource owner' },
  marketplaceOperator: { ru: 'Оператор маркетплейса', en: 'Marketplace operator' },
  storeOperator: { ru: 'Оператор магазина', en: 'Store operator' },
  forumOperator: { ru: 'Оператор форума', en: 'Forum operator' },
  user: { ru: 'Пользователь', en: 'User' },
})

/** The criteria a review may rate (every type's), named as the site's review form names them. */
export const CRITERION_LABELS: Record<string, Label> = Object.fromEntries(
  CRITERIA_ORDER.map((key) => [key, siteTerm(`criteria.${key}`)]),
)

/** The grades of a rating distribution (listed from one star to five, as integer keys go). */
export const GRADE_LABELS: Record<string, Label> = {
  '5': { ru: '5 звёзд', en: '5 stars' },
  '4': { ru: '4 звезды', en: '4 stars' },
  '3': { ru: '3 звезды', en: '3 stars' },
  '2': { ru: '2 звезды', en: '2 stars' },
  '1': { ru: '1 звезда', en: '1 star' },
}

/**
 * The admin's view of a `json` field that holds named numbers (a review's criteria, a rating's
 * distribution): a read-only list in place of Payload's code editor, which loads Monaco from a
 * CDN this site neither reaches nor allows.
 */
export const jsonValuesField = ({ keys }: { keys: Record<string, Label> }) => ({
  path: '@/components/admin/JsonValuesField.client#JsonValuesField',
  clientProps: { keys },
})

/** The resource types, named in the admin. */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, Label> = {
  marketplace: { ru: 'Маркетплейс', en: 'Marketplace' },
  shop: { ru: 'Магазин', en: 'Shop' },
  forum: { ru: 'Форум', en: 'Forum' },
  exchanger: { ru: 'Обменник', en: 'Exchanger' },
}
