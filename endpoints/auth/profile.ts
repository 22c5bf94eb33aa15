import * as calls from '@/api/account'
import { userView } from '@/data/views/users'
import { UPLOAD_RULES } from '@/lib/limits'
import { ROLES, canAdministerUsers, isEmployeeRole } from '@/lib/roles'
import { inTransaction } from '@/server/db'
import { messageLocale } from '@/server/serverMessages'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { checkUpload, saveImage } from '../lib/upload'

/** GET /get-user-by-id?id= → {user}: one's own account; admins may read anyone's. */
export const getUserById = defineEndpoint(calls.getUserById, {
  handler: async ({ req, user, query, reply }) => {
    const id = query.id ?? user.id
    if (id !== user.id && !canAdministerUsers(user)) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    const found = await req.payload.findByID({
      collection: 'users',
      id,
      depth: 1,
      req,
      disableErrors: true,
    })
    if (!found) return fail({ req, status: 404, code: 'user-not-found' })
    return reply({ user: userView(found) })
  },
})

const ROLE_LABELS: Record<(typeof ROLES)[number], { ru: string; en: string }> = {
  admin: { ru: 'Администратор', en: 'Administrator' },
  editor: { ru: 'Редактор', en: 'Editor' },
  owner: { ru: 'Владелец ресурса', en: 'Resource owner' },
  marketplaceOperator: { ru: 'Оператор маркетплейса', en: 'Marketplace Operator' },
  storeOperator: { ru: 'Оператор магазина', en: 'Store Operator' },
  forumOperator: { ru: 'Оператор форума', en: 'Forum Operator' },
  user: { ru: 'Пользователь', en: 'User' },
}

/** POST /get-roles → {roles}: every role with its name, and which are employee roles. */
export const getRoles = defineEndpoint(calls.getRoles, {
  handler: async ({ req, reply }) => {
    const locale = messageLocale(req)
    return reply({
      roles: ROLES.map((value) => ({
        value,
        label: ROLE_LABELS[value][locale],
        is_employee_role: isEmployeeRole(value),
      })),
    })
  },
})

/**
 * POST /update-user-by-id (JSON, or form data with an `avatar` file): one's own profile; admins
 * may edit anyone's. The avatar is a JPG or PNG of at most 500 KB, resized with sharp, and saved
 * with the profile in one transaction.
 */
export const updateUserById = defineEndpoint(calls.updateUserById, {
  fieldNames: { displayName: 'display_name', file: 'avatar' },
  handler: async ({ req, user, body, files, reply }) => {
    const {
      id = user.id,
      display_name: displayName,
      profile_private: profilePrivate,
      ...rest
    } = body
    if (id !== user.id && !canAdministerUsers(user)) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    const avatar = files[0]
      ? await checkUpload({ file: files[0], rule: UPLOAD_RULES.avatar })
      : null
    if (avatar?.errors) return invalid({ req, errors: { avatar: avatar.errors } })
    if (displayName) {
      const { totalDocs } = await req.payload.count({
        collection: 'users',
        where: { displayName: { equals: displayName }, id: { not_equals: id } },
        req,
      })
      if (totalDocs) return invalid({ req, errors: { display_name: ['display-name-taken'] } })
    }
    const updated = await inTransaction(req, async () =>
      req.payload.update({
        collection: 'users',
        id,
        data: {
          ...rest,
          ...(displayName ? { displayName } : {}),
          ...(profilePrivate === undefined ? {} : { profilePrivate }),
          ...(avatar
            ? { avatar: await saveImage({ req, upload: avatar.upload, alt: user.displayName }) }
            : {}),
        },
        overrideAccess: false,
        user,
        depth: 1,
        req,
      }),
    )
    return reply({ user: userView(updated) })
  },
})
