'use client'

import { useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'

/**
 * The opt-out page's one action: a POST (a GET changes nothing, as mail scanners follow links).
 * Its words come from the page, which renders them on the server.
 */
export function OptOutButton({
  token,
  words,
}: {
  token: string
  words: { button: string; busy: string; done: string; failed: string }
}) {
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready')
  const [error, setError] = useState<string | null>(null)

  const optOut = async () => {
    setState('busy')
    setError(null)
    const answer = await apiPost('/invitations-opt-out', { token }).catch(() => null)
    if (answer?.ok) {
      setState('done')
      return
    }
    setState('ready')
    setError(answer && !answer.ok && answer.data?.message ? answer.data.message : words.failed)
  }

  if (state === 'done') return <p role="status">{words.done}</p>
  return (
    <div className="unsubscribe-action">
      <FormMessage error={error} />
      <Button type="button" busy={state === 'busy'} onClick={optOut}>
        {state === 'busy' ? words.busy : words.button}
      </Button>
    </div>
  )
}
