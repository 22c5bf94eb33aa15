/** Spec §9: the two colour schemes. */
export const THEMES = ['light', 'dark'] as const

export type Theme = (typeof THEMES)[number]

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value)
