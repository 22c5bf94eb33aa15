'use client'

import { useTranslations } from 'next-intl'

import { useCurrentUser } from '@/client/swr/useCurrentUser'
import { useToast } from '@/components/ui/Toast.client'
import type { UserView } from '@/data/views/users'

import { AppSetup } from './AppSetup.client'
import { PgpSetup } from './PgpSetup.client'
import { AppTurnOff, PgpTurnOff } from './TurnOff.client'

const STATUS = { none: 'status-none', google: 'status-google', pgp: 'status-pgp' } as const

/** The current method, and the ways to change it; the view refreshes from the server after each. */
export function TwoFactorSettings({ fallback }: { fallback: UserView }) {
  const t = useTranslations('security')
  const { user, mutate } = useCurrentUser({ fallback })
  const toast = useToast()
  const current = user ?? fallback

  const onChanged = (message: string) => async () => {
    await mutate()
    toast(message)
  }

  return (
    <>
      <div className="form">
        <h2>{t('heading')}</h2>
        <p>{t(STATUS[current.two_factor])}</p>
      </div>
      {current.two_factor === 'none' && (
        <>
          <p>{t('choose')}</p>
          <AppSetup onEnabled={onChanged(t('enabled'))} />
          <PgpSetup hasStoredKey={current.has_pgp_key} onEnabled={onChanged(t('enabled'))} />
        </>
      )}
      {current.two_factor === 'google' && <AppTurnOff onDisabled={onChanged(t('disabled'))} />}
      {current.two_factor === 'pgp' && <PgpTurnOff onDisabled={onChanged(t('disabled'))} />}
    </>
  )
}
