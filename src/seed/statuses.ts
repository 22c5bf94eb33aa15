import type { Payload } from 'payload'

import type { ShownStatus } from '@/lib/publicStatus'

import type { DemoResource } from './resources'

type Text = { ru: string; en: string }

/** Demo resources admins have marked (issue 31), with the changes that led there, in order. */
export const DEMO_MARKED_RESOURCES: (DemoResource & {
  statuses: { status: ShownStatus; reason: Text }[]
})[] = [
  {
    slug: 'quick-swap',
    type: 'exchanger',
    title: { ru: 'Квик Своп', en: 'Quick Swap' },
    anons: { ru: 'Обменник криптовалют', en: 'A crypto exchanger' },
    description: {
      ru: 'Обещает обмен за минуту.',
      en: 'Promises an exchange within a minute.',
    },
    links: ['https://quick-swap.example.com'],
    country: 'CY',
    statuses: [
      {
        status: 'warning',
        reason: {
          ru: 'Жалобы на задержку выплат больше суток.',
          en: 'Complaints of payouts delayed by more than a day.',
        },
      },
      {
        status: 'scam',
        reason: {
          ru: 'Перестал выплачивать: десятки подтверждённых жалоб, поддержка не отвечает.',
          en: 'Stopped paying out: dozens of confirmed complaints, support does not answer.',
        },
      },
    ],
  },
  {
    slug: 'penny-change',
    type: 'exchanger',
    title: { ru: 'Копейка', en: 'Penny Change' },
    anons: { ru: 'Обмен наличных и карт', en: 'Cash and card exchange' },
    description: { ru: 'Работает с 2019 года.', en: 'Running since 2019.' },
    links: ['https://penny-change.example.com'],
    country: 'AM',
    statuses: [
      {
        status: 'warning',
        reason: {
          ru: 'Курс при обмене отличается от заявленного.',
          en: 'The rate at the exchange differs from the one shown.',
        },
      },
    ],
  },
  {
    slug: 'corner-store',
    type: 'shop',
    title: { ru: 'Угловой магазин', en: 'Corner Store' },
    anons: { ru: 'Небольшой магазин электроники', en: 'A small electronics store' },
    description: { ru: 'Доставка по городу.', en: 'Delivery in town.' },
    links: ['https://corner-store.example.com'],
    country: 'BY',
    statuses: [
      {
        status: 'closed',
        reason: {
          ru: 'Магазин закрылся, заказы не принимает.',
          en: 'The store closed down and takes no orders.',
        },
      },
    ],
  },
  {
    slug: 'night-owls',
    type: 'forum',
    title: { ru: 'Ночные совы', en: 'Night Owls' },
    anons: { ru: 'Форум полуночников', en: 'A forum for night owls' },
    description: { ru: 'Обсуждения до утра.', en: 'Talks until morning.' },
    links: ['https://night-owls.example.com'],
    country: 'UA',
    statuses: [
      {
        status: 'offline',
        reason: {
          ru: 'Сайт не открывается с прошлой недели.',
          en: 'The site has not opened since last week.',
        },
      },
    ],
  },
]

/**
 * Marks the demo resources as admins would (by the system here, so no one is named), in both
 * languages; skips a resource whose status already has a history.
 */
export const seedStatuses = async ({ payload }: { payload: Payload }) => {
  let changed = 0
  for (const demo of DEMO_MARKED_RESOURCES) {
    const [resource] = (
      await payload.find({
        collection: 'resources',
        where: { slug: { equals: demo.slug } },
        limit: 1,
      })
    ).docs
    if (!resource) continue
    const { totalDocs } = await payload.count({
      collection: 'resource-status-changes',
      where: { resource: { equals: resource.id } },
    })
    if (totalDocs) continue
    for (const { status, reason } of demo.statuses) {
      await payload.update({
        collection: 'resources',
        id: resource.id,
        locale: 'ru',
        data: { publicStatus: status, publicStatusReason: reason.ru },
      })
      await payload.update({
        collection: 'resources',
        id: resource.id,
        locale: 'en',
        data: { publicStatusReason: reason.en },
      })
      // The history row was written in Russian, the language of the change.
      const [row] = (
        await payload.find({
          collection: 'resource-status-changes',
          where: { resource: { equals: resource.id } },
          sort: '-id',
          limit: 1,
        })
      ).docs
      await payload.update({
        collection: 'resource-status-changes',
        id: row.id,
        locale: 'en',
        data: { reason: reason.en },
      })
      changed += 1
    }
  }
  return changed
}
