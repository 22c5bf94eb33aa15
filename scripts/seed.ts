import { seed } from '@/seed'

import { withPayload } from './lib/withPayload'

await withPayload((payload) => seed({ payload }))
process.exit(0)
