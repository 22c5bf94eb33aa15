import 'server-only'

import type { ResourceType } from '@/lib/resourceTypes'
import { managesResource } from '@access/resources'
import type { Resource, User } from '@payload-types'

import { getPayload } from './payload'
import { imageUrl } from './views/media'

/** A resource as its edit form shows it: both languages side by side. */
export type EditableResource = {
  id: number
  type: ResourceType
  title_ru: string
  title_en: string
  anons_ru: string
  anons_en: string
  description_ru: unknown
  description_en: unknown
  links: string[]
  country: string
  image: string | null
  status: string
  /** An exchanger's rates feed; empty when none (the field's read access is the editors'). */
  rates_feed: string
}

type Localized<T> = { ru?: T | null; en?: T | null } | null | undefined

type AllLocales = Omit<Resource, 'title' | 'anons' | 'description'> & {
  title: Localized<string>
  anons: Localized<string>
  description: Localized<unknown>
}

/**
 * A resource the user may edit (the owner, an operator of its type working for the owner, an
 * admin), in every language; null when there is none they may edit.
 */
export const getEditableResource = async ({
  id,
  user,
}: {
  id: number
  user: User
}): Promise<EditableResource | null> => {
  const payload = await getPayload()
  const resource = (await payload.findByID({
    collection: 'resources',
    id,
    locale: 'all',
    depth: 1,
    user,
    overrideAccess: false,
    disableErrors: true,
  })) as AllLocales | null
  // Editing needs more than reading: the owner, an operator of the type, or an admin.
  if (!resource || !(await managesResource({ payload, user, resourceId: resource.id }))) {
    return null
  }
  return {
    id: resource.id,
    type: resource.type,
    title_ru: resource.title?.ru ?? '',
    title_en: resource.title?.en ?? '',
    anons_ru: resource.anons?.ru ?? '',
    anons_en: resource.anons?.en ?? '',
    description_ru: resource.description?.ru ?? null,
    description_en: resource.description?.en ?? null,
    links: (resource.links ?? []).map((link) => link.url),
    country: resource.country ?? '',
    image: imageUrl(resource.image),
    status: resource.status,
    rates_feed: resource.ratesFeed ?? '',
  }
}
