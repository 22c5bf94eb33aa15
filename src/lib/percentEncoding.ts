/** What percent-encoded text decodes to, or `fallback` when it decodes to nothing (`%zz`, `%ff`). */
export const decodedOr = (text: string, fallback: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return fallback
  }
}

/** Whether percent-encoded text decodes to text (`%zz` and `%ff` do not). */
export const isWellEncoded = (text: string) => {
  try {
    decodeURIComponent(text)
    return true
  } catch {
    return false
  }
}
