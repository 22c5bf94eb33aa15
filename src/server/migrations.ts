import 'server-only'

import type { Migration } from 'payload'

import { migrations } from '../../migrations'

/**
 * The generated index (rewritten by every `migrate:create`) types each migration's arguments
 * precisely, while Payload's `Migration` takes `unknown`; this is the one place that bridges them.
 */
export const allMigrations = migrations as unknown as Migration[]
