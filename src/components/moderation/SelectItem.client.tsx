'use client'

import { useTranslations } from 'next-intl'

import type { Selection } from './BulkBar.client'

/** A queue item's box for the page's bulk bar, named by what the list calls the item. */
export function SelectItem({
  selection,
  id,
  label,
}: {
  selection: Selection
  id: number
  label: string
}) {
  const t = useTranslations('moderation-bulk')
  return (
    <input
      type="checkbox"
      className="moderation-select"
      checked={selection.isSelected(id)}
      onChange={(event) => selection.toggle(id, event.currentTarget.checked)}
      aria-label={t('select-item', { name: label })}
    />
  )
}
