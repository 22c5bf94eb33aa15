'use client'

import { getTranslation } from '@payloadcms/translations'
import { FieldDescription, FieldLabel, useField, useTranslation } from '@payloadcms/ui'
import type { JSONFieldClientProps } from 'payload'

type Label = { ru: string; en: string }

/**
 * A `json` field of named numbers (a review's grades per criterion, a resource's distribution
 * and averages) as a read-only list: the admin's own JSON editor loads Monaco from a CDN. The
 * value stays in the form as it was; the site's forms and hooks are what change it.
 */
export const JsonValuesField = ({
  field,
  path: pathFromProps,
  keys = {},
}: JSONFieldClientProps & { keys?: Record<string, Label> }) => {
  const { i18n } = useTranslation()
  const { path, value } = useField<unknown>({ potentiallyStalePath: pathFromProps })
  const values =
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  const known = Object.keys(keys).filter((key) => key in values)
  const others = Object.keys(values).filter((key) => !(key in keys))
  const nameOf = (key: string) => (keys[key] ? getTranslation(keys[key], i18n) : key)
  const entries = [...known, ...others]
  return (
    <div className="field-type json-values" id={`field-${path.replace(/\./g, '__')}`}>
      <FieldLabel label={field.label} path={path} />
      {entries.length > 0 ? (
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content auto', gap: '4px 16px' }}>
          {entries.map((key) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{nameOf(key)}</dt>
              <dd style={{ margin: 0 }}>{formatValue(values[key])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p style={{ margin: 0 }}>—</p>
      )}
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}

const formatValue = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value)
