import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'

/** Who reads: the request's Payload (and request, to share its transaction), in which language. */
export type Reader = { payload: Payload; req?: Partial<PayloadRequest>; locale?: Locale }
