import { type Theme, isTheme } from '@/lib/theme'

export const THEME_STORAGE_KEY = 'theme'

/** The browser's stored choice, else the system preference. */
export const storedOrSystemTheme = (): Theme => {
  const stored = localStorage.getItem(THEME_STORAGE_KEY)
  if (isTheme(stored)) return stored
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/**
 * Shows a scheme at once and keeps it in the browser, where the boot script restores it on every
 * page. Browser only.
 */
export const applyTheme = (theme: Theme) => {
  localStorage.setItem(THEME_STORAGE_KEY, theme)
  document.documentElement.dataset.theme = theme
}

/**
 * Runs before first paint (pages are the same for every visitor, so the server cannot know the
 * scheme): the browser's stored choice, else the system preference, so the wrong one never flashes.
 */
export const themeBootScript = `(function(){try{var d=document.documentElement;var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='dark'&&t!=='light'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}d.dataset.theme=t}catch(e){}})()`
