'use client'

import Script from 'next/script'
import { useLocale } from 'next-intl'
import { useRef } from 'react'

import { type ApiAnswer, type PostAnswer, apiPost } from '@/client/api'
import { DEFAULT_GOOGLE_GSI_URL } from '@/lib/securityHeaders.mjs'

import './account/account-screens.css'

type GoogleIdentityServices = {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string
        callback: (response: { credential: string }) => void
      }) => void
      renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void
    }
  }
}

const CLIENT_ID = process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID
const SCRIPT_URL = process.env.NEXT_PUBLIC_GOOGLE_GSI_URL || DEFAULT_GOOGLE_GSI_URL

/**
 * "Sign in with Google" (Google Identity Services), shown only when a client id is configured.
 * The ID token goes to /api/google-sign-in; its answer is the same as /api/login's. A new
 * account's sign-up asks for consent first: the caller gets the token to send again with it.
 */
export function GoogleSignIn({
  onAnswer,
}: {
  onAnswer: (answer: ApiAnswer<PostAnswer<'/google-sign-in'>>, credential: string) => void
}) {
  const locale = useLocale()
  const container = useRef<HTMLDivElement>(null)
  if (!CLIENT_ID) return null

  const render = () => {
    const google = (window as Window & { google?: GoogleIdentityServices }).google
    if (!google || !container.current) return
    google.accounts.id.initialize({
      client_id: CLIENT_ID,
      callback: async ({ credential }) =>
        onAnswer(await apiPost('/google-sign-in', { credential }), credential),
    })
    google.accounts.id.renderButton(container.current, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      locale,
    })
  }

  return (
    <>
      <Script src={SCRIPT_URL} strategy="afterInteractive" onReady={render} />
      <div ref={container} className="google-sign-in" />
    </>
  )
}
