import { seed } from '../src/seed'
import { withPayload } from './lib/withPayload'

await withPayload((payload) => seed({ payload }))
process.exit(0)
