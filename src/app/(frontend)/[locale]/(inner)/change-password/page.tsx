import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'

import { ChangePasswordForm } from './ChangePasswordForm.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('password')
  return { title: t('title') }
}

export default async function ChangePasswordPage() {
  await requireUser()
  const t = await getTranslations('password')
  return (
    <ClientMessages group="password">
      <section className="narrow" aria-labelledby="password-title">
        <h1 id="password-title">{t('title')}</h1>
        <ChangePasswordForm />
        <p className="form-links">
          <Link href="/profile">{t('back')}</Link>
        </p>
      </section>
    </ClientMessages>
  )
}
