/** The id a relationship field holds, populated or not. */
export const relationId = (value: unknown): number | null => {
  if (typeof value === 'number') return value
  if (value && typeof value === 'object' && 'id' in value) return Number(value.id)
  return null
}
