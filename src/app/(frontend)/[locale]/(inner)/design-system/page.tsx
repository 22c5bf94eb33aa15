import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import { Button, buttonClass } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Field, FormMessage, SelectField, TextAreaField } from '@/components/ui/Field'
import { Stars } from '@/components/ui/Stars'
import { EmptyState, ErrorState, Loading, Skeleton } from '@/components/ui/States'
import { UnsavedMark } from '@/components/ui/UnsavedMark'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'

import { InteractiveComponents } from './InteractiveComponents.client'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('design-system')
  return { title: t('title'), robots: { index: false } }
}

/**
 * Every component of src/components/ui in each of its states, in the current language and
 * theme: the place to see a change to one of them everywhere at once, and what
 * tests/e2e/design-system.e2e.spec.ts checks with axe in both themes.
 */
export default async function DesignSystemPage() {
  const t = await getTranslations('design-system')
  return (
    <div className="design-system">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <section aria-labelledby="ds-buttons">
        <h2 id="ds-buttons">{t('buttons')}</h2>
        <div className="ds-row">
          <Button>{t('primary')}</Button>
          <Button variant="secondary">{t('secondary')}</Button>
          <Button variant="danger">{t('danger')}</Button>
          <Button variant="ghost">{t('ghost')}</Button>
          <Link href="/design-system" className={buttonClass({ variant: 'secondary' })}>
            {t('link')}
          </Link>
        </div>
        <div className="ds-row">
          <Button size="l">{t('large')}</Button>
          <Button size="s">{t('small')}</Button>
          <Button busy>{t('busy')}</Button>
          <Button disabled>{t('disabled')}</Button>
        </div>
      </section>

      <section aria-labelledby="ds-badges">
        <h2 id="ds-badges">{t('badges')}</h2>
        <div className="ds-row">
          <Badge tone="verified">{t('verified')}</Badge>
          <Badge>{t('neutral')}</Badge>
          <Badge tone="info">{t('info')}</Badge>
          <Badge tone="success">{t('success')}</Badge>
          <Badge tone="warning">{t('warning')}</Badge>
          <Badge tone="danger">{t('danger')}</Badge>
        </div>
      </section>

      <section aria-labelledby="ds-fields">
        <h2 id="ds-fields">{t('fields')}</h2>
        <div className="form ds-form">
          <Field id="ds-name" label={t('field-label')} hint={t('field-hint')} />
          <Field
            id="ds-email"
            label={t('field-error-label')}
            defaultValue="name@"
            error={t('field-error')}
          />
          <TextAreaField id="ds-text" label={t('textarea-label')} rows={3} />
          <SelectField
            id="ds-select"
            label={t('select-label')}
            defaultValue="forum"
            options={[
              { value: 'shop', label: t('option-a') },
              { value: 'forum', label: t('option-b') },
            ]}
          />
          <label className="checkbox">
            <input type="checkbox" defaultChecked /> {t('checkbox')}
          </label>
          <FormMessage success={t('form-success')} />
          <FormMessage error={t('form-error')} />
          <div className="form-actions">
            <Button type="button">{t('save-unsaved')}</Button>
            <UnsavedMark isDirty />
          </div>
        </div>
      </section>

      <section aria-labelledby="ds-stars">
        <h2 id="ds-stars">{t('stars')}</h2>
        <div className="ds-row">
          <Stars value={4.6} size="l" label={t('stars-label', { value: 4.6 })} />
          <Stars value={3.2} label={t('stars-label', { value: 3.2 })} />
          <Stars value={1} size="s" label={t('stars-label', { value: 1 })} />
        </div>
      </section>

      <section aria-labelledby="ds-cards">
        <h2 id="ds-cards">{t('cards')}</h2>
        <div className="ds-grid">
          <Card
            as="article"
            heading={<h3>{t('card-title')}</h3>}
            actions={<Badge tone="success">{t('success')}</Badge>}
          >
            <p>{t('card-text')}</p>
          </Card>
          <Card>
            <Skeleton lines={3} />
          </Card>
        </div>
      </section>

      <section aria-labelledby="ds-states">
        <h2 id="ds-states">{t('states')}</h2>
        <div className="ds-grid">
          <EmptyState
            title={t('empty-title')}
            action={
              <Link href="/resources/marketplaces" className={buttonClass({ size: 's' })}>
                {t('empty-action')}
              </Link>
            }
          >
            <p>{t('empty-text')}</p>
          </EmptyState>
          <ErrorState
            message={t('error-message')}
            action={<Button variant="secondary">{t('retry')}</Button>}
          />
          <div className="ds-stack">
            <Loading label={t('loading')} />
            <Skeleton shape="circle" />
            <Skeleton shape="block" />
          </div>
        </div>
      </section>

      <ClientMessages group="design-system">
        <InteractiveComponents />
      </ClientMessages>
    </div>
  )
}
