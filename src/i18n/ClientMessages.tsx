import { NextIntlClientProvider } from 'next-intl'
import { getMessages } from 'next-intl/server'
import type React from 'react'

import { type ClientMessageGroup, pickClientMessages } from './clientMessages'

/**
 * Gives the client components inside it the messages of `group` (src/i18n/clientMessages.ts)
 * beside the shell's: a page wraps its content in it when its client parts translate.
 */
export async function ClientMessages({
  group,
  children,
}: {
  group: ClientMessageGroup
  children: React.ReactNode
}) {
  return (
    <NextIntlClientProvider messages={pickClientMessages(await getMessages(), [group])}>
      {children}
    </NextIntlClientProvider>
  )
}
