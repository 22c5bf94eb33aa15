'use client'

import { useEffect } from 'react'

import { reportView } from '@/client/track'

/** Reports the view of a resource's page once it has loaded in the browser (analytics). */
export function TrackView({ resourceId }: { resourceId: number }) {
  useEffect(() => reportView(resourceId), [resourceId])
  return null
}
