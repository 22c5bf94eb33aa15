import { ESLint } from 'eslint'

/**
 * A probe for the lint rules that keep ARCHITECTURE.md true: a file placed in one part says some
 * code (an import of another), and ESLint with the project's own config is asked what it thinks.
 */
const eslint = new ESLint({ cwd: process.cwd() })

export const ruleIdsFor = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport const probe = value\n`, { filePath })
  return result.messages.map((message) => message.ruleId)
}

export const ARROWS = 'import/no-restricted-paths'
export const IMPORTS = '@typescript-eslint/no-restricted-imports'
