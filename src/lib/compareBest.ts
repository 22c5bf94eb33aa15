/**
 * Which columns of a comparison's row hold its best value: those equal to the best of the values
 * given (null: no value, never best), when at least two columns have a value and they differ. A
 * row where everyone is equal, or only one has a figure, marks nothing: "best" would say nothing.
 */
export const bestOf = (
  values: readonly (number | null)[],
  better: 'higher' | 'lower' = 'higher',
): boolean[] => {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value))
  if (known.length < 2 || known.every((value) => value === known[0])) return values.map(() => false)
  const best = better === 'higher' ? Math.max(...known) : Math.min(...known)
  return values.map((value) => value === best)
}

/** A duration in seconds as the largest whole unit that fits: minutes, hours or days. */
export const durationParts = (
  seconds: number,
): { unit: 'minutes' | 'hours' | 'days'; count: number } => {
  const minutes = Math.max(1, Math.round(seconds / 60))
  if (minutes < 60) return { unit: 'minutes', count: minutes }
  const hours = Math.round(seconds / 3600)
  if (hours < 48) return { unit: 'hours', count: hours }
  return { unit: 'days', count: Math.round(seconds / 86400) }
}
