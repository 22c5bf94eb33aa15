import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** A file's lines as an editor numbers them: a last line without its newline counts too. */
export const lineCount = (file: string) =>
  readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length

/**
 * Every file under the folders, at any depth, named from the root (`src/lib/limits.ts`), that
 * `pattern` matches; a folder named in `skip` (a build's output, a bench's results) is not entered.
 */
export const filesUnder = (
  folders: readonly string[],
  pattern: RegExp,
  skip: ReadonlySet<string> = new Set(),
): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) return skip.has(entry.name) ? [] : walk(file)
      return pattern.test(file) ? [file] : []
    })
  return folders.flatMap(walk)
}
