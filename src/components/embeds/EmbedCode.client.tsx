'use client'

import { useId, useState } from 'react'

import { CopyButton } from '@/components/CopyButton.client'
import { SelectField, TextAreaField } from '@/components/ui/Field'
import { LOCALES, type Locale } from '@/i18n/routing'
import {
  BADGE_SIZES,
  DEFAULT_SIZE,
  DEFAULT_THEME,
  EMBED_THEMES,
  type EmbedOptions,
  WIDGET_FRAME,
  embedPath,
  embedSnippets,
} from '@/lib/embeds'

export type EmbedLabels = Record<
  | 'panel-title'
  | 'panel-intro'
  | 'options'
  | 'theme'
  | 'theme-light'
  | 'theme-dark'
  | 'language'
  | 'language-ru'
  | 'language-en'
  | 'size'
  | 'size-s'
  | 'size-m'
  | 'size-l'
  | 'badge'
  | 'badge-hint'
  | 'widget'
  | 'widget-hint'
  | 'code-badge'
  | 'code-widget'
  | 'copy'
  | 'copied'
  | 'preview',
  string
>

/** What the code says in one language: the resource's page, the image's text, the frame's title. */
type InLanguage = { pageUrl: string; alt: string; title: string }

/**
 * The owner's choices (theme, language, size), the badge's and the widget's code with the site's
 * absolute addresses and a copy button each, and a preview of both as another site shows them.
 */
export function EmbedCode({
  id,
  origin,
  initialLang,
  resource,
  languages,
  labels,
}: {
  id: string
  origin: string
  /** The page's language: the owner's site is likely in it. */
  initialLang: Locale
  resource: { prefix: string; slug: string }
  languages: Record<Locale, InLanguage>
  labels: EmbedLabels
}) {
  const [options, setOptions] = useState<EmbedOptions<Locale>>({
    theme: DEFAULT_THEME,
    lang: initialLang,
    size: DEFAULT_SIZE,
  })
  const headingId = useId()
  // The previews load only once the panel is open: a closed one costs the page nothing.
  const [isOpen, setIsOpen] = useState(false)
  const texts = languages[options.lang]
  const snippets = embedSnippets({ origin, resource, options, ...texts })
  const choose =
    <K extends keyof EmbedOptions>(key: K) =>
    (event: React.ChangeEvent<HTMLSelectElement>) =>
      setOptions((current) => ({ ...current, [key]: event.target.value }))
  return (
    <details className="embed-panel" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary>
        <span id={headingId}>{labels['panel-title']}</span>
      </summary>
      <p className="embed-intro">{labels['panel-intro']}</p>
      <fieldset className="embed-options">
        <legend>{labels.options}</legend>
        <SelectField
          id={`${id}-theme`}
          label={labels.theme}
          value={options.theme}
          onChange={choose('theme')}
          options={EMBED_THEMES.map((value) => ({ value, label: labels[`theme-${value}`] }))}
        />
        <SelectField
          id={`${id}-lang`}
          label={labels.language}
          value={options.lang}
          onChange={choose('lang')}
          options={LOCALES.map((value) => ({ value, label: labels[`language-${value}`] }))}
        />
        <SelectField
          id={`${id}-size`}
          label={labels.size}
          value={options.size}
          onChange={choose('size')}
          options={BADGE_SIZES.map((value) => ({ value, label: labels[`size-${value}`] }))}
        />
      </fieldset>
      <section className="embed-part" aria-labelledby={`${id}-badge`}>
        <h3 id={`${id}-badge`}>{labels.badge}</h3>
        <TextAreaField
          id={`${id}-badge-code`}
          label={labels['code-badge']}
          hint={labels['badge-hint']}
          value={snippets.badge}
          readOnly
          rows={3}
          className="embed-code"
        />
        <CopyButton text={snippets.badge} label={labels.copy} doneLabel={labels.copied} />
        <p className="embed-preview-title">{labels.preview}</p>
        <div className={`embed-preview embed-preview-${options.theme}`}>
          {isOpen && (
            // eslint-disable-next-line @next/next/no-img-element -- the badge itself, as other sites show it
            <img src={embedPath('badge', resource, options)} alt={texts.alt} />
          )}
        </div>
      </section>
      <section className="embed-part" aria-labelledby={`${id}-widget`}>
        <h3 id={`${id}-widget`}>{labels.widget}</h3>
        <TextAreaField
          id={`${id}-widget-code`}
          label={labels['code-widget']}
          hint={labels['widget-hint']}
          value={snippets.widget}
          readOnly
          rows={3}
          className="embed-code"
        />
        <CopyButton text={snippets.widget} label={labels.copy} doneLabel={labels.copied} />
        <p className="embed-preview-title">{labels.preview}</p>
        <div className={`embed-preview embed-preview-${options.theme}`}>
          {isOpen && (
            <iframe
              src={embedPath('widget', resource, options)}
              title={texts.title}
              width="100%"
              height={WIDGET_FRAME.height}
              style={{ maxWidth: WIDGET_FRAME.maxWidth, border: 0 }}
            />
          )}
        </div>
      </section>
    </details>
  )
}
