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
