'use client'

import { useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { Link } from '@/i18n/navigation'

/**
 * The unsubscribe page's one action: a POST (a GET changes nothing, as mail scanners follow
 * links), then what stopped and the way to the settings. Its words come from the page, which
 * renders them on the server.
 */
export function UnsubscribeButton({
  token,
  words,
}: {
  token: string
  words: { button: string; busy: string; done: string; failed: string; settings: string }
}) {
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready')
  const [error, setError] = useState<string | null>(null)

  const unsubscribe = async () => {
    setState('busy')
    setError(null)
    const answer = await apiPost('/unsubscribe-notifications', { token }).catch(() => null)
    if (answer?.ok) {
      setState('done')
      return
    }
    setState('ready')
    setError(answer && !answer.ok && answer.data?.message ? answer.data.message : words.failed)
  }

  if (state === 'done') {
    return (
      <div className="unsubscribe-done">
        <p role="status">{words.done}</p>
        <p>
          <Link href="/my-settings#email-notifications">{words.settings}</Link>
        </p>
      </div>
    )
  }
  return (
    <div className="unsubscribe-action">
      <FormMessage error={error} />
      <Button type="button" busy={state === 'busy'} onClick={unsubscribe}>
        {state === 'busy' ? words.busy : words.button}
      </Button>
    </div>
  )
}
