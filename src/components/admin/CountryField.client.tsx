'use client'

import { SelectInput, useField, useTranslation, withCondition } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useMemo } from 'react'

import { COUNTRY_CODES, countryName } from '@/lib/countries'

/**
 * A resource's country in the admin: the site's list of countries by their names in the admin's
 * language, stored as the ISO 3166-1 code (the field stays text; its validation holds the code).
 * A stored code outside the list is still offered, so opening a resource never drops it.
 */
const CountryFieldComponent: TextFieldClientComponent = ({
  field,
  path: pathFromProps,
  readOnly,
}) => {
  const { i18n } = useTranslation()
  const { disabled, path, setValue, showError, value } = useField<string | null>({
    potentiallyStalePath: pathFromProps,
  })
  const options = useMemo(() => {
    const codes = new Set<string>(COUNTRY_CODES)
    if (value) codes.add(value)
    return [...codes]
      .map((code) => ({ value: code, label: `${countryName(code, i18n.language)} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language))
  }, [i18n.language, value])
  return (
    <SelectInput
      description={field.admin?.description}
      label={field.label}
      localized={field.localized}
      name={field.name}
      onChange={(option) => {
        const picked = Array.isArray(option) ? option[0] : option
        setValue(picked ? String(picked.value) : null)
      }}
      options={options}
      path={path}
      readOnly={readOnly || disabled}
      required={field.required}
      showError={showError}
      value={value ?? undefined}
    />
  )
}

export const CountryField = withCondition(CountryFieldComponent)
