import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The walks of the malformed-input corpus (tests/int/bad-input-*.int.spec.ts): minutes each. */
const isWalk = (file: TestSpecification) =>
  /\/bad-input-[a-z-]+\.int\.spec\.ts$/.test(file.moduleId)

/**
 * Vitest's order (the longest first, by the timings of the last run), with the malformed-input
 * walks ahead of all: a fresh clone has no timings, and a walk started last ends the run alone.
 */
export class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files)
    return [...sorted.filter(isWalk), ...sorted.filter((file) => !isWalk(file))]
  }
}
