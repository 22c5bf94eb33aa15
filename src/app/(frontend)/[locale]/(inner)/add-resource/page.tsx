import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { requireUser } from '@/data/requireUser'
import { getEditableResource } from '@/data/resourceEditing'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { COUNTRY_CODES, countryName } from '@/lib/countries'
import { canAddResources } from '@/lib/roles'
import { idParam } from '@/lib/searchParams'

import { ResourceForm } from './ResourceForm.client'

import '@/components/account/account-screens.css'

type Props = { searchParams: Promise<{ id?: string }> }

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const t = await getTranslations('add-resource')
  return { title: (await searchParams).id ? t('title-edit') : t('title') }
}

/** Adds a resource, or with `?id=` edits one the visitor may edit (owner, operator, admin). */
export default async function AddResourcePage({ searchParams }: Props) {
  const user = await requireUser()
  const [t, mirrors] = await Promise.all([
    getTranslations('add-resource'),
    getTranslations('mirrors'),
  ])
  const locale = await getLocale()
  const { id } = await searchParams
  const initial = id ? await getEditableResource({ id: idParam(id) ?? notFound(), user }) : null
  if (id && !initial) notFound()
  if (!id && !canAddResources(user)) {
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
    <ClientMessages group="add-resource">
      <section className="account-page" aria-labelledby="add-resource-title">
        <h1 id="add-resource-title">{initial ? t('title-edit') : t('title')}</h1>
        {!initial && <p>{t('intro')}</p>}
        {initial && (
          <p>
            <Link href={`/add-resource/mirrors?id=${initial.id}`}>{mirrors('manage-link')}</Link>
          </p>
        )}
        <ResourceForm initial={initial} countries={countries} />
      </section>
    </ClientMessages>
  )
}
