'use client'

import type { ReactNode } from 'react'

import { Link } from '@/i18n/navigation'
import { PRIVACY_PATH, RULES_PATH } from '@/lib/consent'

/**
 * The `<rules>` and `<privacy>` tags of a consent sentence (`t.rich`) as links; they open in a new
 * tab, so that what was typed in the form stays.
 */
export const consentLinks = {
  rules: (chunks: ReactNode) => (
    <Link href={RULES_PATH} target="_blank" rel="noopener">
      {chunks}
    </Link>
  ),
  privacy: (chunks: ReactNode) => (
    <Link href={PRIVACY_PATH} target="_blank" rel="noopener">
      {chunks}
    </Link>
  ),
}

/** Consent to the rules and the privacy policy (field `consent`), which signing up requires. */
export function ConsentField({ label, error }: { label: ReactNode; error?: string | null }) {
  return (
    <div className="field consent-field">
      <label className="checkbox">
        <input
          id="consent"
          name="consent"
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'consent-error' : undefined}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id="consent-error" role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  )
}
