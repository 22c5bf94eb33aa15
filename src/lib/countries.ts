const names = new Map<string, Intl.DisplayNames>()

/** A country's name in the visitor's language, from its ISO 3166-1 code. */
export const countryName = (code: string, locale: string) => {
  let display = names.get(locale)
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region' })
    names.set(locale, display)
  }
  try {
    return display.of(code) ?? code
  } catch {
    return code
  }
}

/** The countries offered when adding a resource (ISO 3166-1 alpha-2). */
export const COUNTRY_CODES = [
  'AE',
  'AM',
  'AT',
  'AZ',
  'BE',
  'BG',
  'BY',
  'CA',
  'CH',
  'CN',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GE',
  'GR',
  'HK',
  'HU',
  'IE',
  'IL',
  'IN',
  'IT',
  'JP',
  'KG',
  'KR',
  'KZ',
  'LT',
  'LV',
  'MD',
  'MN',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'RU',
  'SE',
  'SG',
  'SK',
  'TJ',
  'TM',
  'TR',
  'UA',
  'US',
  'UZ',
  'VN',
] as const
