import { ownRowsOrAdmin } from './ownRows'

/** Favorites are private: each user reaches their own; admins all. */
export const ownFavorites = ownRowsOrAdmin('user')
