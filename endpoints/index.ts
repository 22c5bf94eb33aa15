import type { Endpoint } from 'payload'

import { authEndpoints } from './auth'
import { favoriteEndpoints } from './directory/favorites'
import { resourceRelations } from './directory/relations'
import { saveResource } from './directory/resources'
import { reviewEndpoints } from './directory/reviews'
import { openApi } from './openapi'

/** The spec's API (section 7) and the site's own calls, served at the API root: /api/<path>. */
export const apiEndpoints: Endpoint[] = [
  ...authEndpoints,
  saveResource,
  ...reviewEndpoints,
  ...favoriteEndpoints,
  resourceRelations,
]

/** What payload.config.ts serves; Payload appends its own root endpoints to this array. */
export const endpoints: Endpoint[] = [...apiEndpoints, openApi]
