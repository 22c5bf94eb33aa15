import { z } from 'zod'

import { displayNameField } from '@/api/authFields'
import { recordId } from '@/api/fields'
import { userView } from '@/data/views/users'
import { LOCALES } from '@/i18n/routing'
import { LIMITS, UPLOAD_RULES } from '@/lib/limits'
import { isEmployeeRole } from '@/lib/roles'
import { THEMES } from '@/lib/theme'
import { inTransaction } from '@/server/db'
import { requestLocale } from '@/server/serverMessages'
import { ROLES, checkRole } from '@access/roles'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid, ok } from '../lib/http'
import { checkUpload, saveImage } from '../lib/upload'


/** GET /get-user-by-id?id= → {user}: one's own account; admins may read anyone's. */
export const getUserById = defineEndpoint({
  path: '/get-user-by-id',
  method: 'get',
  auth: 'signedIn',
  summary: 'One account (own, or any for admins)',
  answer: '{user}',
  query: z.object({ id: recordId.optional() }),
  handler: async ({ req, user, query }) => {
    const id = query.id ?? user.id
    if (id !== user.id && !checkRole(['admin'], user)) {
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
    return ok({ user: userView(found) })
  },
})

const ROLE_LABELS: Record<(typeof ROLES)[number], { ru: string; en: string }> = {
  admin: { ru: 'Администратор', en: 'Administrator' },
  editor: { ru: 'Редактор', en: 'Editor' },
  owner: { ru: 'Владелец ресурса', en: 'Resource owner' },
  marketplaceOperator: { ru: 'Оператор маркетплейса', en: 'Market Place Operator' },
  storeOperator: { ru: 'Оператор магазина', en: 'Store Operator' },
  forumOperator: { ru: 'Оператор форума', en: 'Forum Operator' },
  user: { ru: 'Пользователь', en: 'User' },
}

/** POST /get-roles → {roles}: every role with its name, and which are employee roles. */
export const getRoles = defineEndpoint({
  path: '/get-roles',
  method: 'post',
  auth: 'anyone',
  summary: 'Every role with its name',
  answer: '{roles: [{value, label, is_employee_role}]}',
  handler: async ({ req }) => {
    const locale = requestLocale(req.headers)
    return ok({
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
export const updateUserById = defineEndpoint({
  path: '/update-user-by-id',
  method: 'post',
  auth: 'signedIn',
  summary: 'Update a profile; form data may carry an `avatar` file (JPG/PNG, 500 KB)',
  answer: '{user}',
  body: z.object({
    id: recordId.optional(),
    name: z.string().trim().max(LIMITS.nameMax, 'too-long').optional(),
    display_name: displayNameField.optional(),
    phone: z.string().trim().max(LIMITS.phoneMax, 'too-long').optional(),
    theme: z.enum(THEMES).optional(),
    locale: z.enum(LOCALES).optional(),
  }),
  form: true,
  fieldNames: { displayName: 'display_name' },
  handler: async ({ req, user, body, files }) => {
    const { id = user.id, display_name: displayName, ...rest } = body
    if (id !== user.id && !checkRole(['admin'], user)) {
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
    return ok({ user: userView(updated) })
  },
})
