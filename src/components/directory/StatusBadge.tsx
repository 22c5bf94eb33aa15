import { getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import { STATUS_TONES, isShownStatus } from '@/lib/publicStatus'

/** A resource's public status as a label beside its title; nothing for `none`. */
export async function StatusBadge({ status }: { status: string | null | undefined }) {
  if (!isShownStatus(status)) return null
  const t = await getTranslations('status')
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true">{STATUS_MARKS[status]}</span> {t(`label-${status}`)}
    </Badge>
  )
}

/** A mark beside the word, so the label is not told by its colour alone. */
export const STATUS_MARKS = { warning: '!', scam: '!!', closed: '×', offline: '–' } as const
