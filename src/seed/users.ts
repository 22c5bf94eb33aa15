import type { Payload } from 'payload'

import type { User } from '@payload-types'

/** Documented in README.md: every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo12345'

/**
 * Documented in README.md: the authenticator secret of the `totp-user` demo account, to add to
 * an authenticator app (or `oathtool --totp -b <secret>`) for trying the second sign-in step.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

type DemoUser = Pick<User, 'username' | 'email' | 'name' | 'displayName' | 'role'> & {
  /** How long ago the account signed up: reviews show it, and the review guard weighs it. */
  joinedDaysAgo: number
  totp?: boolean
  /** Blocked by the demo admin, on the site or in the chat, for this reason. */
  block?: { flag: 'blocked' | 'chatBlocked'; reason: string }
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    joinedDaysAgo: 720,
    email: 'admin@example.com',
    name: 'Анна Админова',
    displayName: 'Admin',
    role: 'admin',
  },
  {
    username: 'editor',
    joinedDaysAgo: 540,
    email: 'editor@example.com',
    name: 'Егор Редакторов',
    displayName: 'Editor',
    role: 'editor',
  },
  {
    username: 'owner',
    joinedDaysAgo: 400,
    email: 'owner@example.com',
    name: 'Олег Владельцев',
    displayName: 'Owner',
    role: 'owner',
  },
  {
    username: 'mp-operator',
    joinedDaysAgo: 300,
    email: 'mp-operator@example.com',
    name: 'Мария Операторова',
    displayName: 'Marketplace Operator',
    role: 'marketplaceOperator',
  },
  {
    username: 'store-operator',
    joinedDaysAgo: 280,
    email: 'store-operator@example.com',
    name: 'Семён Магазинов',
    displayName: 'Store Operator',
    role: 'storeOperator',
  },
  {
    username: 'forum-operator',
    joinedDaysAgo: 260,
    email: 'forum-operator@example.com',
    name: 'Фёдор Форумов',
    displayName: 'Forum Operator',
    role: 'forumOperator',
  },
  {
    username: 'user',
    joinedDaysAgo: 210,
    email: 'user@example.com',
    name: 'Юлия Пользователева',
    displayName: 'Julia',
    role: 'user',
  },
  {
    username: 'totp-user',
    joinedDaysAgo: 95,
    email: 'totp-user@example.com',
    name: 'Тимур Двухфакторов',
    displayName: 'Timur',
    role: 'user',
    totp: true,
  },
  {
    username: 'blocked-user',
    joinedDaysAgo: 40,
    email: 'blocked-user@example.com',
    name: 'Борис Блокированный',
    displayName: 'Boris',
    role: 'user',
    block: { flag: 'blocked', reason: 'Рекламные отзывы на чужие магазины.' },
  },
  {
    username: 'chat-muted',
    joinedDaysAgo: 3,
    email: 'chat-muted@example.com',
    name: 'Вера Молчанова',
    displayName: 'Vera',
    role: 'user',
    block: { flag: 'chatBlocked', reason: 'Флуд в чате.' },
  },
]

/** Creates each demo account that does not exist yet; existing accounts are left as they are. */
export const seedUsers = async ({ payload }: { payload: Payload }): Promise<number> => {
  let created = 0
  for (const { totp, block, joinedDaysAgo, ...user } of DEMO_USERS) {
    const existing = await payload.count({
      collection: 'users',
      where: { email: { equals: user.email } },
    })
    if (existing.totalDocs > 0) continue
    // The demo operators work for the demo owner (the owner is created before them).
    const employer = user.role.endsWith('Operator')
      ? (await payload.find({ collection: 'users', where: { username: { equals: 'owner' } } }))
          .docs[0]?.id
      : undefined
    const account = await payload.create({
      collection: 'users',
      data: {
        ...user,
        password: DEMO_PASSWORD,
        status: 'verified',
        twoFactor: totp ? 'totp' : 'none',
        totpSecret: totp ? payload.encrypt(DEMO_TOTP_SECRET) : undefined,
        authProvider: 'email',
        employer,
        createdAt: new Date(Date.now() - joinedDaysAgo * 86_400_000).toISOString(),
      },
    })
    if (block) {
      // Blocked by the demo admin through the collection, so the block log names them.
      const admin = (
        await payload.find({ collection: 'users', where: { username: { equals: 'admin' } } })
      ).docs[0]
      await payload.update({
        collection: 'users',
        id: account.id,
        data: { [block.flag]: true, blockReason: block.reason },
        user: admin,
      })
    }
    created += 1
  }
  return created
}
