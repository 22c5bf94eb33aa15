import { useTranslations } from 'next-intl'

import { Badge, type BadgeTone } from '@/components/ui/Badge'
import type { TicketStatus as Status } from '@/lib/support'

const TONES: Record<Status, BadgeTone> = { open: 'warning', answered: 'success', closed: 'neutral' }

/** A ticket's state in words (and colour). */
export function TicketStatus({ status }: { status: Status }) {
  const t = useTranslations('tickets')
  return <Badge tone={TONES[status]}>{t(`status-${status}`)}</Badge>
}
