import type { CollectionConfig } from 'payload'

import { LOCK_TIME_MS, MAX_LOGIN_ATTEMPTS } from '@/lib/limits'
import { isSecureCookie } from '@/server/cookies'
import { adminOnly } from '@access/adminOnly'
import { canUseAdminPanel, hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { canCreateUser, canReachUser } from '@access/users'
import { refuseFalseGuest } from '@hooks/answerDatabaseOutage'
import { keepTimestamps } from '@hooks/keepTimestamps'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import { eraseAccount, recordAccountDeletion } from '@hooks/users/eraseAccount'
import { expirePagesShowingPerson } from '@hooks/users/expirePagesShowingPerson'
import { forgetSignInAttempts } from '@hooks/users/forgetSignInAttempts'
import { guardAccountChanges, tellOldAddress } from '@hooks/users/guardAccountChanges'
import { guardBlocks } from '@hooks/users/guardBlocks'
import { guardEmployees } from '@hooks/users/guardEmployees'
import { guardLogin } from '@hooks/users/guardLogin'
import { guardSignInDoors } from '@hooks/users/guardSignInDoors'
import { keepPgpKeyOnceSet } from '@hooks/users/keepPgpKeyOnceSet'
import { limitDisplayNameChanges } from '@hooks/users/limitDisplayNameChanges'
import { recordBlocks } from '@hooks/users/recordBlocks'
import {
  noteSecurityChanges,
  noteSecurityOperation,
  recordPayloadSignIn,
  recordSecurityChanges,
  touchSessionOnMe,
} from '@hooks/users/recordSecurityEvents'
import { refuseBlockedViewer } from '@hooks/users/refuseBlockedViewer'

import { userFields } from './fields'
import { passwordResetEmail } from './passwordResetEmail'

export const Users: CollectionConfig = {
  slug: 'users',
  access: {
    admin: canUseAdminPanel,
    // An owner reaches their employees' accounts too (design.md §3).
    read: canReachUser,
    create: canCreateUser,
    update: canReachUser,
    // A member deletes their own account through the site's /api/delete-account, which asks the
    // password and second factor again; any door's deletion erases as it does (eraseAccount).
    delete: adminOnly,
    // Undoing a lockout is for admins: anyone else could reopen guessing on any account.
    unlock: adminOnly,
  },
  admin: {
    useAsTitle: 'username',
    defaultColumns: [
      'username',
      'displayName',
      'email',
      'role',
      'employer',
      'status',
      'blocked',
      'chatBlocked',
      'createdAt',
    ],
    listSearchableFields: ['username', 'email', 'displayName'],
    // Editors keep their own account (the admin's account page); listing users is for admins.
    hidden: hiddenUnlessAdmin,
  },
  labels: {
    singular: { ru: 'Пользователь', en: 'User' },
    plural: { ru: 'Пользователи', en: 'Users' },
  },
  auth: {
    loginWithUsername: { allowEmailLogin: true, requireEmail: true },
    tokenExpiration: 60 * 60 * 24 * 7,
    // Payload keeps the failure count on the account in the database, so the limit survives a
    // restart and holds across instances.
    maxLoginAttempts: MAX_LOGIN_ATTEMPTS,
    lockTime: LOCK_TIME_MS,
    cookies: { sameSite: 'Lax', secure: isSecureCookie() },
    forgotPassword: {
      expiration: 60 * 60 * 1000,
      generateEmailSubject: passwordResetEmail.subject,
      generateEmailHTML: passwordResetEmail.html,
    },
  },
  fields: userFields,
  hooks: {
    beforeOperation: [guardSignInDoors, guardAccountChanges, noteSecurityOperation],
    beforeValidate: [refuseNonTextValues],
    beforeChange: [
      keepTimestamps,
      keepPgpKeyOnceSet,
      limitDisplayNameChanges,
      guardEmployees,
      guardBlocks,
      noteSecurityChanges,
    ],
    beforeLogin: [guardLogin],
    afterLogin: [forgetSignInAttempts, recordPayloadSignIn],
    afterChange: [tellOldAddress, recordBlocks, recordSecurityChanges, expirePagesShowingPerson],
    afterMe: [refuseFalseGuest, refuseBlockedViewer, touchSessionOnMe],
    beforeDelete: [eraseAccount],
    afterDelete: [recordAccountDeletion],
  },
}
