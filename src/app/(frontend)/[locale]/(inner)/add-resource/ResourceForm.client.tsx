'use client'

import Image from 'next/image'
import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'

import { type PostAnswer, apiPost } from '@/client/api'
import { RichTextEditor } from '@/components/RichTextEditor.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { Field, FormMessage, TextAreaField } from '@/components/ui/Field'
import { Tabs } from '@/components/ui/Tabs.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { EditableResource } from '@/data/resourceEditing'
import { Link, useRouter } from '@/i18n/navigation'
import { LIMITS, UPLOAD_RULES } from '@/lib/limits'
import { RATES_FEED_URL_MAX } from '@/lib/rates'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

import './resource-form.css'

type Saved = PostAnswer<'/save-resource'>['resource']

const LANGUAGES = ['ru', 'en'] as const
type Language = (typeof LANGUAGES)[number]
const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', en: 'English' }

const FIELDS = [
  'type',
  'title_ru',
  'title_en',
  'anons_ru',
  'anons_en',
  'description_ru',
  'description_en',
  'links',
  'country',
  'rates_feed',
  'image',
] as const

/**
 * The add/edit form: the language-bound fields on two tabs, the reader's language first and the
 * other marked optional (one language is enough; both are sent; the tab that holds an error, the
 * browser's or the server's, opens and marks itself), the rest below. Saving again after a
 * success edits the same resource.
 */
export function ResourceForm({
  initial,
  countries,
}: {
  initial: EditableResource | null
  countries: { code: string; name: string }[]
}) {
  const t = useTranslations('add-resource')
  const feedTerms = useTranslations('rates-feed')
  const types = useTranslations('types')
  const router = useRouter()
  const reader = useLocale()
  const languages = [...LANGUAGES].sort((a, b) => Number(b === reader) - Number(a === reader))
  const form = useApiForm(FIELDS)
  const [links, setLinks] = useState<string[]>(initial?.links.length ? initial.links : [''])
  const descriptions = useRef<Record<Language, unknown>>({
    ru: initial?.description_ru ?? null,
    en: initial?.description_en ?? null,
  })
  const [type, setType] = useState<string>(initial?.type ?? 'marketplace')
  const [saved, setSaved] = useState<Saved | null>(null)
  const outcome = useRef<HTMLDivElement>(null)
  const id = saved?.id ?? initial?.id

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaved(null)
    const data = new FormData(event.currentTarget)
    const body = new FormData()
    if (id) body.append('id', String(id))
    for (const name of ['type', 'title_ru', 'title_en', 'anons_ru', 'anons_en', 'country']) {
      body.append(name, String(data.get(name) ?? ''))
    }
    // Only an exchanger has a feed: the field is not in the form otherwise, and the server
    // clears a feed when the resource stops being an exchanger.
    if (type === 'exchanger') body.append('rates_feed', String(data.get('rates_feed') ?? ''))
    body.append('links', JSON.stringify(links.filter((link) => link.trim())))
    for (const language of LANGUAGES) {
      const description = descriptions.current[language]
      if (description) body.append(`description_${language}`, JSON.stringify(description))
    }
    const image = data.get('image')
    if (image instanceof File && image.size) body.append('image', image)
    const answer = await form.submit(() => apiPost('/save-resource', body))
    if (!answer?.ok) return
    setSaved(answer.data.resource)
    // The address becomes the resource's own, and the page stays where the eye is: by the
    // message that says what happened and what comes next.
    if (!initial) router.replace(`/add-resource?id=${answer.data.resource.id}`, { scroll: false })
    requestAnimationFrame(() => outcome.current?.scrollIntoView({ block: 'center' }))
  }

  return (
    <form className="form resource-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="type">{t('type')}</label>
        <select
          id="type"
          name="type"
          value={type}
          onChange={(event) => setType(event.target.value)}
          required
        >
          {RESOURCE_TYPES.map(({ type, prefix }) => (
            <option key={type} value={type}>
              {types(prefix)}
            </option>
          ))}
        </select>
      </div>

      <p className="field-hint" id="languages-hint">
        {t('languages-hint')}
      </p>
      <Tabs
        label={t('languages')}
        tabs={languages.map((language, index) => ({
          id: language,
          label: (
            <>
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
              {index > 0 && <span className="tab-note">{t('optional')}</span>}
            </>
          ),
          hasError: Object.keys(form.fieldErrors).some((field) => field.endsWith(`_${language}`)),
          // Both panels stay in the form, so both languages are sent whichever tab is open.
          content: (
            <div lang={language} className="form-stack">
              <Field
                id={`title_${language}`}
                label={t(`title-${language}`)}
                defaultValue={initial?.[`title_${language}`]}
                maxLength={LIMITS.resourceTitleMax}
                error={form.fieldErrors[`title_${language}`]}
              />
              <TextAreaField
                id={`anons_${language}`}
                label={t(`anons-${language}`)}
                hint={t('anons-hint')}
                defaultValue={initial?.[`anons_${language}`]}
                maxLength={LIMITS.resourceAnonsMax}
                rows={2}
                error={form.fieldErrors[`anons_${language}`]}
              />
              <div className="field">
                <RichTextEditor
                  id={`description_${language}`}
                  label={t(`description-${language}`)}
                  initial={initial?.[`description_${language}`]}
                  onChange={(value) => {
                    descriptions.current[language] = value
                  }}
                />
                <FormMessage error={form.fieldErrors[`description_${language}`]} />
              </div>
            </div>
          ),
        }))}
      />

      <fieldset className="links-fieldset">
        <legend>{t('links')}</legend>
        <p className="field-hint" id="links-hint">
          {t('links-hint')}
        </p>
        {links.map((link, i) => (
          <div key={i} className="link-row">
            <label className="visually-hidden" htmlFor={`link-${i}`}>
              {t('link', { number: i + 1 })}
            </label>
            <input
              id={`link-${i}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              required={i === 0}
              aria-invalid={form.fieldErrors.links ? true : undefined}
              aria-describedby={form.fieldErrors.links ? 'links-hint links-error' : 'links-hint'}
              onChange={(event) =>
                setLinks((all) => all.map((value, j) => (j === i ? event.target.value : value)))
              }
            />
            {links.length > 1 && (
              <Button
                variant="ghost"
                size="s"
                onClick={() => setLinks((all) => all.filter((_, j) => j !== i))}
              >
                {t('remove-link', { number: i + 1 })}
              </Button>
            )}
          </div>
        ))}
        {links.length < LIMITS.resourceLinksMax && (
          <Button variant="secondary" size="s" onClick={() => setLinks((all) => [...all, ''])}>
            {t('add-link')}
          </Button>
        )}
        {form.fieldErrors.links && (
          <p id="links-error" role="alert" className="form-error">
            {form.fieldErrors.links}
          </p>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor="country">{t('country')}</label>
        <select id="country" name="country" defaultValue={initial?.country ?? ''}>
          <option value="">{t('no-country')}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>

      {type === 'exchanger' && (
        <Field
          id="rates_feed"
          label={feedTerms('field')}
          hint={feedTerms('field-hint')}
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={initial?.rates_feed}
          maxLength={RATES_FEED_URL_MAX}
          error={form.fieldErrors.rates_feed}
        />
      )}

      <div className="avatar-row">
        {initial?.image && (
          <Image src={initial.image} alt={t('current-image')} width={120} height={80} unoptimized />
        )}
        <Field
          id="image"
          label={t('image')}
          hint={t('image-hint')}
          type="file"
          accept={UPLOAD_RULES.image.mimeTypes.join(',')}
          error={form.fieldErrors.image}
        />
      </div>

      <div ref={outcome} className="resource-form-outcome">
        <FormMessage
          error={form.formError}
          success={saved ? (saved.status === 'published' ? t('saved') : t('saved-pending')) : null}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('saving') : id ? t('save') : t('submit')}
        </Button>
        {saved?.status === 'published' && (
          <Link href={saved.path} className={buttonClass({ variant: 'secondary' })}>
            {t('open')}
          </Link>
        )}
        {saved && saved.status !== 'published' && (
          <Link href="/account" className={buttonClass({ variant: 'secondary' })}>
            {t('my-resources')}
          </Link>
        )}
      </div>
    </form>
  )
}
