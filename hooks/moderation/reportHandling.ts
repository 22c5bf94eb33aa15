import type { CollectionBeforeChangeHook } from 'payload'

import type { ReviewReport } from '@payload-types'

/**
 * A report's decision is recorded with who made it and when, whatever door it came by; a report
 * opened again forgets both.
 */
export const recordReportHandling: CollectionBeforeChangeHook<ReviewReport> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const from = originalDoc?.status ?? 'open'
  const to = data.status ?? from
  if (operation === 'create' || to === 'open') {
    return { ...data, handledBy: null, handledAt: null }
  }
  if (to === from) {
    return {
      ...data,
      handledBy: originalDoc?.handledBy ?? null,
      handledAt: originalDoc?.handledAt ?? null,
    }
  }
  return { ...data, handledBy: req.user?.id ?? null, handledAt: new Date().toISOString() }
}
