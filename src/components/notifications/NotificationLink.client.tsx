'use client'

import type { MouseEvent, ReactNode } from 'react'

import { apiPost } from '@/client/api'
import { refreshUnreadNotifications } from '@/client/swr/useUnreadNotifications'
import { Link, useRouter } from '@/i18n/navigation'

/**
 * A notification's link: opening it marks it read (and the bell counts again), then goes to what
 * it is about. A click that opens another tab marks it read and leaves the page as it is.
 */
export function NotificationLink({
  id,
  href,
  read,
  className,
  children,
}: {
  id: number
  href: string
  read: boolean
  className?: string
  children: ReactNode
}) {
  const router = useRouter()
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (read) return
    const elsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0
    if (!elsewhere) event.preventDefault()
    await apiPost('/read-notifications', { ids: [id] }).catch(() => null)
    refreshUnreadNotifications()
    if (elsewhere) router.refresh()
    else router.push(href)
  }
  return (
    <Link href={href} className={className} onClick={open}>
      {children}
    </Link>
  )
}
