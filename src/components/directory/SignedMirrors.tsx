import { getFormatter, getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import type { PublicSigning } from '@/data/views/signedMirrors'
import { groupFingerprint } from '@/lib/mirrorAddresses'

/** How an address stands towards the latest signed list (no mark without a list). */
export async function SigningMark({
  mark,
  signedAt,
}: {
  mark: 'signed' | 'unsigned' | null
  signedAt: string | null
}) {
  if (!mark || !signedAt) return null
  const [t, format] = await Promise.all([getTranslations('mirrors'), getFormatter()])
  if (mark === 'unsigned') {
    return (
      <span className="signing-mark">
        <Badge tone="warning" title={t('unsigned-hint')}>
          {t('unsigned')}
        </Badge>
      </span>
    )
  }
  return (
    <span className="signing-mark">
      <Badge tone="success">
        {t('signed-on', { date: format.dateTime(new Date(signedAt), { dateStyle: 'medium' }) })}
      </Badge>
    </span>
  )
}

/**
 * The resource's key and latest signed list, for visitors to check with their own gpg: its
 * fingerprint in groups of four and both files to download. Nothing without a key.
 */
export async function SignedMirrorsSection({
  resourceId,
  signing,
}: {
  resourceId: number
  signing: PublicSigning
}) {
  if (!signing.fingerprint || !signing.pgp_key) return null
  const [t, format] = await Promise.all([getTranslations('mirrors'), getFormatter()])
  return (
    <section aria-labelledby="signed-mirrors-heading" className="signed-mirrors card">
      <h2 id="signed-mirrors-heading">{t('section-title')}</h2>
      <p className="signed-mirrors-label">{t('fingerprint')}</p>
      <p className="signed-mirrors-fingerprint" translate="no">
        {groupFingerprint(signing.fingerprint)}
      </p>
      {signing.list && (
        <p>
          {t('latest-list', {
            date: format.dateTime(new Date(signing.list.signed_at), {
              year: 'numeric',
              month: 'short',
              day: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
              timeZone: 'UTC',
              timeZoneName: 'short',
            }),
          })}
        </p>
      )}
      <ul className="signed-mirrors-downloads">
        {signing.list && (
          <li>
            <a href={`/api/signed-mirror-list.asc?id=${resourceId}`} download>
              {t('download-list')}
            </a>
          </li>
        )}
        <li>
          <a href={`/api/resource-pgp-key.asc?id=${resourceId}`} download>
            {t('download-key')}
          </a>
        </li>
      </ul>
      <p className="field-hint">{t('verify-hint')}</p>
    </section>
  )
}
