'use client'

import { useViewer } from '@/client/swr/useViewer'

import { clientOnly } from './clientOnly.client'

const Bell = clientOnly(() => import('./notifications/Bell.client').then((module) => module.Bell))

/**
 * The header's bell for a signed-in visitor: its code loads only once the page knows someone is
 * signed in (a guest's page never fetches it).
 */
export function NotificationBell() {
  const { viewer } = useViewer()
  return viewer ? <Bell /> : null
}
