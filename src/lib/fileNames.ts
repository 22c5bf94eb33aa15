/** The longest name a file keeps from its upload (its extension kept when shortened). */
export const FILE_NAME_MAX = 200

/**
 * The name a file was uploaded with, as it may be shown and offered for download: no folders, no
 * control characters, no direction overrides that would disguise its extension, at most
 * FILE_NAME_MAX characters. Storage keeps its own safe name; this one is only shown.
 */
export const cleanFileName = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? ''

  const clean = base
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
  if (clean.length <= FILE_NAME_MAX) return clean
  const dot = clean.lastIndexOf('.')
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : ''
  return clean.slice(0, FILE_NAME_MAX - extension.length) + extension
}
