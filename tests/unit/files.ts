import { readFileSync } from 'node:fs'

/** A file's lines as an editor numbers them: a last line without its newline counts too. */
export const lineCount = (file: string) =>
  readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length
