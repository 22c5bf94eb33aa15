import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { User } from '@payload-types'

import { imageUrl } from './media'

/** What a comment or chat message shows of its author: the public face, never login or email. */
export type AuthorView = {
  id: number
  display_name: string
  avatar: string | null
  role: User['role']
}

/**
 * The public face of the given users (display name, avatar, role), read past the users' access,
 * which keeps every other field of an account to its owner and the admins.
 */
export const loadAuthors = async ({
  payload,
  req,
  ids,
}: {
  payload: Payload
  req?: PayloadRequest
  ids: number[]
}): Promise<Map<number, AuthorView>> => {
  if (!ids.length) return new Map()
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { in: [...new Set(ids)] } },
    select: { displayName: true, avatar: true, role: true },
    populate: { media: { url: true, sizes: true } },
    depth: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return new Map(
    docs.map((user) => [
      user.id,
      {
        id: user.id,
        display_name: user.displayName,
        avatar: imageUrl(user.avatar, 'thumbnail'),
        role: user.role,
      },
    ]),
  )
}
