'use client'

import { useTranslations } from 'next-intl'
import { useLayoutEffect, useSyncExternalStore } from 'react'

import { ONE_YEAR_SECONDS } from '@/lib/cookies'
import {
  THEME_COOKIE,
  THEME_STORAGE_KEY,
  type Theme,
  isTheme,
  storedOrSystemTheme,
} from '@/lib/theme'

import { Tooltip } from './Tooltip'

const readTheme = (): Theme => {
  const value = document.documentElement.dataset.theme
  return isTheme(value) ? value : 'light'
}

// The <html data-theme> attribute is the source of truth: set by the server from the cookie, or
// by the boot script before paint.
const subscribe = (onChange: () => void) => {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

/** Keeps the choice in a cookie (so the server renders it) and in localStorage. */
export function ThemeSwitch() {
  const t = useTranslations('header')
  const theme = useSyncExternalStore(subscribe, readTheme, () => null)
  // Next serves the 404 page as an empty shell rendered in the browser (vercel/next.js#62228),
  // where the boot script never runs: set the scheme here before that page paints.
  useLayoutEffect(() => {
    const root = document.documentElement
    if (!isTheme(root.dataset.theme)) root.dataset.theme = storedOrSystemTheme()
  }, [])

  const toggle = () => {
    const next: Theme = readTheme() === 'dark' ? 'light' : 'dark'
    document.cookie = `${THEME_COOKIE}=${next}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`
    localStorage.setItem(THEME_STORAGE_KEY, next)
    document.documentElement.dataset.theme = next
  }

  const label = theme === 'dark' ? t('switch-to-light') : t('switch-to-dark')
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className="icon-button theme-switch"
        onClick={toggle}
        aria-label={label}
        aria-pressed={theme === 'dark'}
      >
        <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      </button>
    </Tooltip>
  )
}
