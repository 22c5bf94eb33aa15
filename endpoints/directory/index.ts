import { favoriteEndpoints } from './favorites'
import { resourceRelations } from './relations'
import { reviewEndpoints } from './reviews'
import { saveResource } from './saveResource'
import { searchSuggestions } from './searchSuggestions'

export const directoryEndpoints = [
  saveResource,
  ...reviewEndpoints,
  ...favoriteEndpoints,
  resourceRelations,
  searchSuggestions,
]
