import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { canCreateResource, managesResource } from '../../../../../../access/resources'
import { imageUrl } from '../../../../../../endpoints/directory/views'
import type { Resource } from '../../../../../../payload-types'
import { getPayload } from '@/data/payload'
import { requireUser } from '@/data/requireUser'
import { COUNTRY_CODES, countryName } from '@/lib/countries'

import { ResourceForm, type ResourceFormValues } from './ResourceForm'

type Props = { searchParams: Promise<{ id?: string }> }

type Localized<T> = { ru?: T | null; en?: T | null } | null | undefined

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const t = await getTranslations('add-resource')
  return { title: (await searchParams).id ? t('title-edit') : t('title') }
}

/** Adds a resource, or with `?id=` edits one the visitor may edit (owner, operator, admin). */
export default async function AddResourcePage({ searchParams }: Props) {
  const user = await requireUser()
  const t = await getTranslations('add-resource')
  const locale = await getLocale()
  const id = Number((await searchParams).id)
  let initial: ResourceFormValues | null = null
  if (id) {
    const payload = await getPayload()
    const resource = (await payload
      .findByID({
        collection: 'resources',
        id,
        locale: 'all',
        depth: 1,
        user,
        overrideAccess: false,
      })
      .catch(() => null)) as
      | (Omit<Resource, 'title' | 'anons' | 'description'> & {
          title: Localized<string>
          anons: Localized<string>
          description: Localized<unknown>
        })
      | null
    // Editing needs more than reading: the owner, an operator of the type, or an admin.
    const canEdit = resource && (await managesResource({ payload, user, resourceId: resource.id }))
    if (!resource || !canEdit) notFound()
    initial = {
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
    }
  } else if (!canCreateResource({ req: { user } as never })) {
    return (
      <section className="narrow">
        <h1>{t('title')}</h1>
        <p>{t('role-cannot-add')}</p>
      </section>
    )
  }
  const countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort(
    (a, b) => a.name.localeCompare(b.name, locale),
  )
  return (
    <section className="account-page" aria-labelledby="add-resource-title">
      <h1 id="add-resource-title">{initial ? t('title-edit') : t('title')}</h1>
      {!initial && <p>{t('intro')}</p>}
      <ResourceForm initial={initial} countries={countries} />
    </section>
  )
}
