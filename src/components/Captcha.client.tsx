'use client'

import { useLocale } from 'next-intl'
import { useRef, useState } from 'react'
import ReCAPTCHA from 'react-google-recaptcha'

import { useTheme } from '@/components/useTheme.client'

const SITE_KEY = process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY

/**
 * A form's reCAPTCHA: whether a site key is configured (without one no widget is shown and no
 * answer sent), the widget's answer, `reset` (an answer is good for one check only) and `field`,
 * the widget in the page's language and theme with the server's error under it.
 */
export const useCaptcha = ({ label, error }: { label: string; error?: string }) => {
  const locale = useLocale()
  const theme = useTheme()
  const widget = useRef<ReCAPTCHA>(null)
  const [token, setToken] = useState<string | null>(null)
  const reset = () => {
    widget.current?.reset()
    setToken(null)
  }
  const field = SITE_KEY ? (
    <div className="field" role="group" aria-label={label}>
      {theme && (
        <ReCAPTCHA
          // The widget takes its theme once: a new theme needs a new widget.
          key={theme}
          ref={widget}
          sitekey={SITE_KEY}
          hl={locale}
          theme={theme}
          onChange={setToken}
        />
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  ) : null
  return { enabled: Boolean(SITE_KEY), token, reset, field }
}
