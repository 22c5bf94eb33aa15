import type { Endpoint } from 'payload'

import { authEndpoints } from './auth'
import { openApi } from './openapi'

/** The spec's API (section 7), served at the API root: /api/<path>. */
export const endpoints: Endpoint[] = [...authEndpoints, openApi]
