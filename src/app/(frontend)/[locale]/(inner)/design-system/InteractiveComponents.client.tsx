'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { Button } from '@/components/ui/Button'
import { Dialog, useConfirm } from '@/components/ui/Dialog.client'
import { Field } from '@/components/ui/Field'
import { StarInput } from '@/components/ui/StarInput.client'
import { Tabs } from '@/components/ui/Tabs.client'
import { useToast } from '@/components/ui/Toast.client'

/** The components that need a browser: star input, tabs, dialogs and toasts. */
export function InteractiveComponents() {
  const t = useTranslations('design-system')
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const [isOpen, setIsOpen] = useState(false)
  const [grade, setGrade] = useState<number | null>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    toast(t('tabs-sent'))
  }

  return (
    <>
      <section aria-labelledby="ds-star-input">
        <h2 id="ds-star-input">{t('star-input')}</h2>
        <StarInput name="ds-grade" legend={t('star-input-legend')} onChange={setGrade} />
        <p role="status">{grade ? t('star-input-chosen', { grade }) : t('star-input-none')}</p>
      </section>

      <section aria-labelledby="ds-tabs">
        <h2 id="ds-tabs">{t('tabs')}</h2>
        <form className="form" onSubmit={onSubmit}>
          <Tabs
            label={t('tabs-label')}
            tabs={[
              {
                id: 'ru',
                label: t('tab-ru'),
                content: <Field id="ds-title-ru" label={t('tab-title-ru')} required />,
              },
              {
                id: 'en',
                label: t('tab-en'),
                content: <Field id="ds-title-en" label={t('tab-title-en')} required />,
              },
            ]}
          />
          <p className="field-hint">{t('tabs-hint')}</p>
          <div className="form-actions">
            <Button type="submit">{t('tabs-submit')}</Button>
          </div>
        </form>
      </section>

      <section aria-labelledby="ds-overlays">
        <h2 id="ds-overlays">{t('overlays')}</h2>
        <div className="ds-row">
          <Button variant="secondary" onClick={() => setIsOpen(true)}>
            {t('dialog-open')}
          </Button>
          <Button
            variant="danger"
            onClick={async () => {
              const ok = await confirm({
                title: t('confirm-title'),
                message: t('confirm-message'),
                confirmLabel: t('confirm-action'),
              })
              toast(ok ? t('confirm-done') : t('confirm-kept'), ok ? 'success' : 'info')
            }}
          >
            {t('confirm-open')}
          </Button>
          <Button variant="ghost" onClick={() => toast(t('toast-success'))}>
            {t('toast-show')}
          </Button>
          <Button variant="ghost" onClick={() => toast(t('toast-error'), 'error')}>
            {t('toast-show-error')}
          </Button>
          <Button
            variant="ghost"
            onClick={() =>
              toast(t('toast-undoable'), 'success', {
                action: {
                  label: t('toast-undo'),
                  onAction: () => toast(t('toast-undone'), 'info'),
                },
              })
            }
          >
            {t('toast-show-undo')}
          </Button>
        </div>
        <Dialog
          open={isOpen}
          onClose={() => setIsOpen(false)}
          title={t('dialog-title')}
          description={t('dialog-text')}
          footer={<Button onClick={() => setIsOpen(false)}>{t('dialog-ok')}</Button>}
        />
        {dialog}
      </section>
    </>
  )
}
