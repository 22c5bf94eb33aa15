import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The walks of the malformed-input corpus (tests/int/bad-input-*.int.spec.ts): a minute each. */
const isWalk = (file: TestSpecification) =>
  /\/bad-input-[a-z-]+\.int\.spec\.ts$/.test(file.moduleId)

/** A generator of numbers in [0, 1) from a seed (mulberry32): the same seed, the same order. */
const randomFrom = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const shuffled = <Item>(items: Item[], seed: number) => {
  const random = randomFrom(seed)
  const result = [...items]
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1))
    ;[result[index], result[other]] = [result[other], result[index]]
  }
  return result
}

/**
 * The malformed-input walks first (a walk started last would end the run alone), then every other
 * file in an order shuffled anew each run. A worker's files share its database: a test that read
 * another file's rows would pass in one order and fail in another, so each run tries another
 * order, and the seed it prints repeats it (`npx vitest run --sequence.seed=<seed>`).
 */
export class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files)
    // Vitest has a seed of its own only where it shuffles itself.
    const seed = this.ctx.config.sequence.seed ?? Math.floor(Math.random() * 1_000_000)
    const rest = sorted.filter((file) => !isWalk(file))
    if (rest.length > 1) {
      console.log(`Files after the walks in a shuffled order, seed ${seed}.`)
    }
    return [...sorted.filter(isWalk), ...shuffled(rest, seed)]
  }
}
