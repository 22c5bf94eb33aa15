'use client'

import { useTranslation } from '@payloadcms/ui'
import type { DefaultCellComponentProps, TextFieldClient } from 'payload'

import { countryName } from '@/lib/countries'

/** A resource's country in the admin's lists: its name in the admin's language. */
export const CountryCell = ({ cellData }: DefaultCellComponentProps<TextFieldClient>) => {
  const { i18n } = useTranslation()
  return <span>{cellData ? countryName(cellData, i18n.language) : ''}</span>
}
