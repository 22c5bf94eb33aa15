import 'server-only'

import type { AccountUser } from '@/lib/swr/useCurrentUser'

import { userView } from '../../endpoints/lib/userView'
import { requireUser } from './requireUser'

/**
 * The signed-in account exactly as GET /get-user-by-id shows it, for the first render of a page
 * whose client part then keeps it fresh; guests are sent to /signin.
 */
export const requireAccount = async (): Promise<AccountUser> =>
  // userView's two_factor is one of the three methods; TypeScript widens the literal to string.
  userView(await requireUser()) as AccountUser
