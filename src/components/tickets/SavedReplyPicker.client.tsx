'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { useSavedReplies } from '@/client/swr/useSavedReplies'
import { Button } from '@/components/ui/Button'
import { SelectField } from '@/components/ui/Field'

/** Where the team keeps its saved replies: Payload's admin (no language prefix). */
const MANAGE_PATH = '/admin/collections/saved-replies'

/**
 * Puts `text` into the reply box at its cursor (in place of what is selected there), as typing
 * would, so the box's own handlers and the undo of the browser see it; the cursor lands after it.
 */
const insertInto = (box: HTMLTextAreaElement, text: string) => {
  const { selectionStart: start, selectionEnd: end, value } = box
  const before = value.slice(0, start)
  const gap = before && !before.endsWith('\n') ? '\n\n' : ''
  box.focus()
  box.setRangeText(`${gap}${text}`, start, end, 'end')
  box.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Support's saved replies beside a reply box (the textarea `target`): pick one and insert it,
 * then adapt it before sending. Shown to those who answer only; the list is kept in the admin.
 */
export function SavedReplyPicker({ target }: { target: string }) {
  const t = useTranslations('saved-replies')
  const { replies, isLoading, error } = useSavedReplies()
  const [chosen, setChosen] = useState('')
  const id = `${target}-saved-reply`

  if (error) return null
  if (!isLoading && !replies.length) {
    return (
      <p className="saved-replies-empty">
        {t('none')} <a href={MANAGE_PATH}>{t('add')}</a>
      </p>
    )
  }

  const insert = () => {
    const reply = replies.find((entry) => String(entry.id) === chosen)
    const box = document.getElementById(target)
    if (!reply || !(box instanceof HTMLTextAreaElement)) return
    insertInto(box, reply.text)
    setChosen('')
  }

  return (
    <div className="saved-replies">
      <SelectField
        id={id}
        label={t('label')}
        value={chosen}
        disabled={isLoading}
        onChange={(event) => setChosen(event.currentTarget.value)}
        options={[
          { value: '', label: isLoading ? t('loading') : t('choose') },
          ...replies.map((reply) => ({ value: String(reply.id), label: reply.title })),
        ]}
      />
      <Button size="s" variant="secondary" disabled={!chosen} onClick={insert}>
        {t('insert')}
      </Button>
      <a className="saved-replies-manage" href={MANAGE_PATH}>
        {t('manage')}
      </a>
    </div>
  )
}
