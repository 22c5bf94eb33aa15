/**
 * How "best rated" orders resources: by a Bayesian average, as if each resource also had
 * `weight` reviews of `mean` stars, so that one 5★ review does not outrank five hundred of 4.8★.
 * A resource without reviews has no rating at all: it comes after every rated one.
 */
export const RATING_PRIOR = { weight: 5, mean: 3 } as const

/** The score "best rated" orders by (the SQL of src/data/resources.ts computes the same). */
export const bayesianRating = ({ average, count }: { average: number; count: number }) =>
  (average * count + RATING_PRIOR.weight * RATING_PRIOR.mean) / (count + RATING_PRIOR.weight)
