import type { CollectionConfig, PayloadRequest } from 'payload'

import { type Someone, canUseAdminPanel as mayUseAdminPanel, isAdmin } from '@/lib/roles'

type HiddenInAdmin = Extract<
  NonNullable<CollectionConfig['admin']>['hidden'],
  (...args: never[]) => boolean
>

/** The Payload admin is for staff who publish or moderate (the role model's canUseAdminPanel). */
export const canUseAdminPanel = ({ req: { user } }: { req: PayloadRequest }): boolean =>
  mayUseAdminPanel(user)

/**
 * For `admin.hidden`: a collection that, in the admin, only admins work on (design.md §3:
 * editors publish news, posts, pages and FAQs and moderate comments). Hidden from the others'
 * navigation and routes; what they may do through any door is the collection's access.
 */
export const hiddenUnlessAdmin: HiddenInAdmin = ({ user }) => !isAdmin(user as Someone)
