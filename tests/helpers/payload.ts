import config from '@payload-config'
import { getPayload } from 'payload'

import { closePayload } from '../../scripts/lib/closePayload'

export const startPayload = () => getPayload({ config })

export { closePayload }
