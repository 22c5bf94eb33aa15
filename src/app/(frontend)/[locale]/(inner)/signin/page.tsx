import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'

import { SignInForm } from './SignInForm.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('signin')
  return { title: t('title') }
}

export default async function SignInPage() {
  const t = await getTranslations('signin')
  return (
    <ClientMessages group="signin">
      <section className="narrow" aria-labelledby="signin-title">
        <h1 id="signin-title">{t('title')}</h1>
        <SignInForm />
      </section>
    </ClientMessages>
  )
}
