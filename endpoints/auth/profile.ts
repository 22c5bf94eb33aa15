import { fileTypeFromBuffer } from 'file-type'
import { type Endpoint, type PayloadRequest, ValidationError } from 'payload'
import { z } from 'zod'

import { OPERATOR_ROLES, ROLES, checkRole } from '../../access/roles'
import type { User } from '../../payload-types'
import { issuesToErrors, readBody } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { requestLocale } from '../../src/lib/serverMessages'
import { fail, invalid, ok, validationFailure } from '../lib/http'
import { userView } from '../lib/userView'

export const AVATAR_MAX_BYTES = 500 * 1024
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png']

/** GET /get-user-by-id?id= → {user}: one's own account; admins may read anyone's. */
export const getUserById: Endpoint = {
  path: '/get-user-by-id',
  method: 'get',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const id = Number(req.searchParams.get('id') ?? user.id)
    if (id !== user.id && !checkRole(['admin'], user)) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    const found = await req.payload
      .findByID({ collection: 'users', id, depth: 1, req, disableErrors: true })
      .catch(() => null)
    if (!found) return fail({ req, status: 404, code: 'user-not-found' })
    return ok({ user: userView(found as User) })
  },
}

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
export const getRoles: Endpoint = {
  path: '/get-roles',
  method: 'post',
  handler: async (req) => {
    const locale = requestLocale(req.headers)
    return ok({
      roles: ROLES.map((value) => ({
        value,
        label: ROLE_LABELS[value][locale],
        is_employee_role: (OPERATOR_ROLES as readonly string[]).includes(value),
      })),
    })
  },
}

export const profileBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(100).optional(),
  display_name: z.string().trim().min(1, 'required').max(50).optional(),
  phone: z.string().trim().max(40).optional(),
  theme: z.enum(['light', 'dark']).optional(),
  locale: z.enum(['ru', 'en']).optional(),
})

const avatarErrors = async (file: File) => {
  if (file.size > AVATAR_MAX_BYTES) return ['file-too-large']
  const type = await fileTypeFromBuffer(new Uint8Array(await file.arrayBuffer()))
  return type && AVATAR_MIME_TYPES.includes(type.mime) ? [] : ['file-type-not-allowed']
}

const saveAvatar = async ({ req, file, user }: { req: PayloadRequest; file: File; user: User }) => {
  const data = Buffer.from(await file.arrayBuffer())
  const media = await req.payload.create({
    collection: 'media',
    data: { alt: user.displayName },
    file: {
      data,
      mimetype: file.type || 'image/jpeg',
      name: file.name || 'avatar',
      size: data.length,
    },
    req,
  })
  return media.id
}

/**
 * POST /update-user-by-id (JSON, or form data with an `avatar` file): one's own profile; admins
 * may edit anyone's. The avatar is a JPG or PNG of at most 500 KB, resized with sharp.
 */
export const updateUserById: Endpoint = {
  path: '/update-user-by-id',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { fields, files } = await readBody(req)
    const parsed = profileBody.safeParse(fields)
    if (!parsed.success) return invalid({ req, errors: issuesToErrors(parsed.error) })
    const { id = user.id, display_name: displayName, ...rest } = parsed.data
    if (id !== user.id && !checkRole(['admin'], user)) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    const avatarFile = files[0]
    if (avatarFile) {
      const errors = await avatarErrors(avatarFile)
      if (errors.length) return invalid({ req, errors: { avatar: errors } })
    }
    if (displayName) {
      const { totalDocs } = await req.payload.count({
        collection: 'users',
        where: { displayName: { equals: displayName }, id: { not_equals: id } },
        req,
      })
      if (totalDocs) return invalid({ req, errors: { display_name: ['display-name-taken'] } })
    }
    try {
      const updated = await req.payload.update({
        collection: 'users',
        id,
        data: {
          ...rest,
          ...(displayName ? { displayName } : {}),
          ...(avatarFile ? { avatar: await saveAvatar({ req, file: avatarFile, user }) } : {}),
        },
        overrideAccess: false,
        user,
        depth: 1,
        req,
      })
      return ok({ user: userView(updated as User) })
    } catch (error) {
      if (error instanceof ValidationError) {
        return validationFailure(error, { displayName: 'display_name' })
      }
      throw error
    }
  },
}
