import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'

import { SignUpSteps } from './SignUpSteps.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('signup')
  return { title: t('title') }
}

/** Registration (spec §2: /signup and /registration are the same screen). */
export default async function SignUpPage() {
  const t = await getTranslations('signup')
  return (
    <ClientMessages group="signup">
      <section className="narrow" aria-labelledby="signup-title">
        <h1 id="signup-title">{t('title')}</h1>
        <SignUpSteps />
      </section>
    </ClientMessages>
  )
}
