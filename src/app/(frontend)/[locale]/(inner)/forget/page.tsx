import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ForgetForm } from './ForgetForm.client'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('forget')
  return { title: t('title') }
}

export default async function ForgetPage() {
  const t = await getTranslations('forget')
  return (
    <section className="narrow" aria-labelledby="forget-title">
      <h1 id="forget-title">{t('title')}</h1>
      <ForgetForm />
    </section>
  )
}
