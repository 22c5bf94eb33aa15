import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'

import { ForgetForm } from './ForgetForm.client'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('forget')
  return { title: t('title') }
}

export default async function ForgetPage() {
  const t = await getTranslations('forget')
  return (
    <ClientMessages group="forget">
      <section className="narrow" aria-labelledby="forget-title">
        <h1 id="forget-title">{t('title')}</h1>
        <ForgetForm />
      </section>
    </ClientMessages>
  )
}
