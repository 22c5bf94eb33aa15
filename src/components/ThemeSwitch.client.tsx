'use client'

import { useTranslations } from 'next-intl'
import { useLayoutEffect } from 'react'

import { applyTheme, storedOrSystemTheme } from '@/client/theme'
import { isTheme } from '@/lib/theme'

import { Tooltip } from './Tooltip.client'
import { readTheme, useTheme } from './useTheme.client'

/**
 * Keeps the choice in a cookie (so the server renders it) and in localStorage. `isLabelled`: a
 * button with its name in sight (the phone menu), a toggle of the dark theme; else the header's
 * round icon with a tooltip.
 */
export function ThemeSwitch({ isLabelled = false }: { isLabelled?: boolean }) {
  const t = useTranslations('header')
  const theme = useTheme()
  // Next serves the 404 page as an empty shell rendered in the browser (vercel/next.js#62228),
  // where the boot script never runs: set the scheme here before that page paints.
  useLayoutEffect(() => {
    const root = document.documentElement
    if (!isTheme(root.dataset.theme)) root.dataset.theme = storedOrSystemTheme()
  }, [])

  const toggle = () => applyTheme(readTheme() === 'dark' ? 'light' : 'dark')
  const icon = <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>

  if (isLabelled) {
    return (
      <button
        type="button"
        className="button button-secondary theme-switch-labelled"
        onClick={toggle}
        aria-pressed={theme === 'dark'}
      >
        {icon}
        {t('theme-dark')}
      </button>
    )
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
        {icon}
      </button>
    </Tooltip>
  )
}
