/** What percent-encoded text decodes to, or `fallback` when it decodes to nothing (`%zz`, `%ff`). */
export const decodedOr = <T>(text: string, fallback: T): string | T => {
  try {
    return decodeURIComponent(text)
  } catch {
    return fallback
  }
}

/** Whether percent-encoded text decodes to text (`%zz` and `%ff` do not). */
export const isWellEncoded = (text: string) => decodedOr(text, null) !== null
