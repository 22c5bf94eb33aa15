import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { requireUser } from '@/data/requireUser'
import { getResourceSigning } from '@/data/resourceSigning'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { groupFingerprint } from '@/lib/mirrorAddresses'
import { idParam } from '@/lib/searchParams'

import { KeyForm, ListForm } from './MirrorForms.client'

import '@/components/account/account-screens.css'
import './mirrors.css'

type Props = { searchParams: Promise<{ id?: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('mirrors')
  return { title: t('section-title') }
}

/**
 * The owner's screen for a resource's key and signed mirror lists (issue 31): who may edit the
 * resource may paste its key (a change waits for an admin) and publish a clearsigned list.
 */
export default async function ResourceMirrorsPage({ searchParams }: Props) {
  const user = await requireUser()
  const { id } = await searchParams
  const signing = await getResourceSigning({ id: idParam(id ?? '') ?? notFound(), user })
  if (!signing) notFound()
  const [t, format] = await Promise.all([getTranslations('mirrors'), getFormatter()])
  const when = (value: string) =>
    format.dateTime(new Date(value), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    })
  return (
    <ClientMessages group="mirrors">
      <section className="account-page mirrors-page" aria-labelledby="mirrors-title">
        <p>
          <Link href={`/add-resource?id=${signing.id}`}>← {t('back')}</Link>
        </p>
        <h1 id="mirrors-title">{t('screen-title', { title: signing.title })}</h1>
        <p>{t('screen-intro')}</p>

        <section className="card mirrors-card" aria-labelledby="key-heading">
          <h2 id="key-heading">{t('key-heading')}</h2>
          {signing.fingerprint ? (
            <p>
              {t('key-current')}:{' '}
              <code className="mirrors-fingerprint" translate="no">
                {groupFingerprint(signing.fingerprint)}
              </code>
            </p>
          ) : (
            <p>{t('key-none')}</p>
          )}
          {signing.pending_fingerprint && signing.pending_since && (
            <p className="mirrors-pending" role="status">
              {t('key-pending', {
                fingerprint: groupFingerprint(signing.pending_fingerprint),
                date: when(signing.pending_since),
              })}
            </p>
          )}
          <KeyForm resourceId={signing.id} hasKey={Boolean(signing.fingerprint)} />
        </section>

        <section className="card mirrors-card" aria-labelledby="list-heading">
          <h2 id="list-heading">{t('list-heading')}</h2>
          {signing.list ? (
            <>
              <p>{t('list-latest', { date: when(signing.list.signed_at) })}</p>
              <ul className="mirrors-addresses" translate="no">
                {signing.list.addresses.map((address) => (
                  <li key={address}>{address}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('list-none')}</p>
          )}
          {signing.fingerprint ? (
            <ListForm resourceId={signing.id} />
          ) : (
            <p className="field-hint">{t('list-needs-key')}</p>
          )}
        </section>

        <section className="card mirrors-card" aria-labelledby="howto-heading">
          <h2 id="howto-heading">{t('howto-heading')}</h2>
          <p>{t('howto-export')}</p>
          <pre className="mirrors-command" translate="no">
            gpg --armor --export KEY_ID
          </pre>
          <p>{t('howto-write')}</p>
          <p>{t('howto-sign')}</p>
          <pre className="mirrors-command" translate="no">
            gpg --local-user KEY_ID --clearsign mirrors.txt
          </pre>
          <p>{t('howto-paste')}</p>
        </section>
      </section>
    </ClientMessages>
  )
}
