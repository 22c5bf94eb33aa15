/** Whether percent-encoded text decodes to text (`%zz` and `%ff` do not). */
export const isWellEncoded = (text: string) => {
  try {
    decodeURIComponent(text)
    return true
  } catch {
    return false
  }
}
