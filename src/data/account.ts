import 'server-only'

import { requireUser } from './requireUser'
import { type UserView, userView } from './views/users'

/**
 * The signed-in account exactly as GET /get-user-by-id shows it, for the first render of a page
 * whose client part then keeps it fresh; guests are sent to /signin.
 */
export const requireAccount = async (): Promise<UserView> => userView(await requireUser())
