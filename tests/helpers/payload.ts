import { getPayload } from 'payload'

import config from '@payload-config'

import { closePayload } from '../../scripts/lib/closePayload'

export const startPayload = () => getPayload({ config })

export { closePayload }
