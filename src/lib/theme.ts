import { THEMES } from '../../collections/constants'
import { ONE_YEAR_SECONDS } from './cookies'

export type Theme = (typeof THEMES)[number]

export const THEME_COOKIE = 'theme'
export const THEME_STORAGE_KEY = 'theme'

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value)

/** The browser's stored choice, else the system preference. */
export const storedOrSystemTheme = (): Theme => {
  const stored = localStorage.getItem(THEME_STORAGE_KEY)
  if (isTheme(stored)) return stored
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/**
 * Shows a scheme at once and keeps it: the cookie lets the server render it, localStorage lets the
 * boot script restore it where no cookie came along. Browser only.
 */
export const applyTheme = (theme: Theme) => {
  document.cookie = `${THEME_COOKIE}=${theme}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`
  localStorage.setItem(THEME_STORAGE_KEY, theme)
  document.documentElement.dataset.theme = theme
}

/**
 * Runs before first paint when the server had no theme cookie: the browser's stored choice, else
 * the system preference, so the wrong scheme never flashes.
 */
export const themeBootScript = `(function(){try{var d=document.documentElement;if(d.dataset.theme)return;var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='dark'&&t!=='light'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}d.dataset.theme=t}catch(e){}})()`
