import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'

import { SecondStepForm } from './SecondStepForm.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('two-auth')
  return { title: t('title') }
}

export default async function TwoAuthPage() {
  const t = await getTranslations('two-auth')
  return (
    <ClientMessages group="two-auth">
      <section className="narrow" aria-labelledby="two-auth-title">
        <h1 id="two-auth-title">{t('title')}</h1>
        <SecondStepForm />
      </section>
    </ClientMessages>
  )
}
