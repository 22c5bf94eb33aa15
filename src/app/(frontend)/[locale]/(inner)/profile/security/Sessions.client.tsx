'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useState } from 'react'
import useSWR from 'swr'

import type { SessionView } from '@/api/accountSecurity'
import { type GetAnswer, apiPath, apiPost } from '@/client/api'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { FormMessage } from '@/components/ui/Field'
import { ErrorState, Loading } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'

const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet'])

/** `Firefox 128 · Windows 10`, or the kind of device when the browser said nothing. */
export const useDeviceName = () => {
  const t = useTranslations('account-security')
  return (session: Pick<SessionView, 'browser' | 'os' | 'device_model' | 'device_type'>) => {
    const parts = [session.browser, session.device_model, session.os].filter(Boolean)
    if (parts.length) return parts.join(' · ')
    return t('unknown-device')
  }
}

/** The account's live sessions: this device first and marked, each other one with "Sign out". */
export function Sessions() {
  const t = useTranslations('account-security')
  const ui = useTranslations('ui')
  const errors = useTranslations('errors')
  const format = useFormatter()
  const toast = useToast()
  const deviceName = useDeviceName()
  const { confirm, dialog } = useConfirm()
  const { data, error, mutate } = useSWR<GetAnswer<'/account-sessions'>>(
    apiPath('/account-sessions'),
  )
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const when = (value: string | null) =>
    value ? format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' }) : '—'

  const run = async (key: string, call: () => ReturnType<typeof apiPost>, done: string) => {
    setBusy(key)
    setFailure(null)
    const answer = await call().catch(() => null)
    setBusy(null)
    if (!answer?.ok) {
      setFailure(
        (answer?.data as { message?: string } | undefined)?.message ?? errors('unexpected'),
      )
      return
    }
    await mutate()
    toast(done)
  }

  const endOne = (session: SessionView) =>
    run(session.id, () => apiPost('/end-session', { session_id: session.id }), t('signed-out-one'))

  const endOthers = async () => {
    const ok = await confirm({
      title: t('sign-out-others'),
      message: t('sign-out-others-confirm'),
      confirmLabel: t('sign-out-others'),
    })
    if (!ok) return
    setBusy('others')
    setFailure(null)
    const answer = await apiPost('/end-other-sessions', {}).catch(() => null)
    setBusy(null)
    if (!answer?.ok) {
      setFailure(errors('unexpected'))
      return
    }
    await mutate()
    toast(t('signed-out-others', { count: answer.data.ended }))
  }

  const sessions = data?.sessions ?? []
  const others = sessions.filter((session) => !session.current)
  return (
    <section className="form" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('sessions-heading')}</h2>
      <p>{t('sessions-intro')}</p>
      {error ? (
        <ErrorState message={errors('unexpected')} />
      ) : !data ? (
        <Loading label={ui('loading')} />
      ) : (
        <ul className="session-list" data-testid="session-list">
          {sessions.map((session) => {
            const name = deviceName(session)
            const type = DEVICE_TYPES.has(session.device_type ?? '') ? session.device_type : 'other'
            return (
              <li key={session.id} className="session" data-current={session.current || undefined}>
                <div className="session-head">
                  <strong>{name}</strong>
                  <span className="session-type">{t(`device-${type}`)}</span>
                  {session.current && <Badge tone="success">{t('this-device')}</Badge>}
                </div>
                <dl className="session-facts">
                  <dt>{t('address')}</dt>
                  <dd>{session.address ?? '—'}</dd>
                  <dt>{t('first-seen')}</dt>
                  <dd>{when(session.first_seen)}</dd>
                  <dt>{t('last-seen')}</dt>
                  <dd>{when(session.last_seen)}</dd>
                </dl>
                {!session.current && (
                  <div className="session-actions">
                    <Button
                      variant="secondary"
                      size="s"
                      busy={busy === session.id}
                      aria-label={t('sign-out-label', { device: name })}
                      onClick={() => endOne(session)}
                    >
                      {t('sign-out')}
                    </Button>
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {data && others.length === 0 && <p>{t('no-other-sessions')}</p>}
      <FormMessage error={failure} />
      {others.length > 0 && (
        <div className="form-actions">
          <Button variant="danger" busy={busy === 'others'} onClick={endOthers}>
            {t('sign-out-others')}
          </Button>
        </div>
      )}
      {dialog}
    </section>
  )
}
