import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'

type Catalogue = { [key: string]: string | Catalogue }

const flatten = (catalogue: Catalogue, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  )

/** The argument names of an ICU message, plural and select branches included. */
const placeholders = (text: string) => {
  const names = new Set<string>()
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && typeof element.value === 'string' && element.type !== 0) {
        names.add(element.value)
      }
      if ('options' in element) {
        Object.values(element.options).forEach((option) => walk(option.value))
      }
      if ('children' in element) walk(element.children)
    }
  }
  walk(parse(text))
  return [...names].sort()
}

/** Whether a plural or select branch of the message is empty (`=0 {}`). */
const hasEmptyBranch = (text: string) => {
  const walk = (elements: MessageFormatElement[]): boolean =>
    elements.some(
      (element) =>
        ('options' in element &&
          Object.values(element.options).some(
            (option) => !option.value.length || walk(option.value),
          )) ||
        ('children' in element && walk(element.children)),
    )
  return walk(parse(text))
}

const ruMessages = flatten(ru)
const enMessages = flatten(en)

describe('message catalogues', () => {
  it('should have every Russian key in English', () => {
    expect(Object.keys(ruMessages).filter((key) => !(key in enMessages))).toEqual([])
  })

  it('should have every English key in Russian', () => {
    expect(Object.keys(enMessages).filter((key) => !(key in ruMessages))).toEqual([])
  })

  it('should have no empty message', () => {
    const empty = [...Object.entries(ruMessages), ...Object.entries(enMessages)].filter(
      ([, text]) => !text.trim(),
    )
    expect(empty).toEqual([])
  })

  it('should have no empty plural or select branch', () => {
    // The site's build compiles the catalogues (next-intl's precompile), and the formatter it
    // ships refuses an empty branch: the message shows as its key. Leave the case out instead.
    const withEmpty = [...Object.entries(ruMessages), ...Object.entries(enMessages)].filter(
      ([, text]) => hasEmptyBranch(text),
    )
    expect(withEmpty).toEqual([])
  })

  it('should use the same placeholders in both languages', () => {
    const differing = Object.keys(ruMessages).filter(
      (key) => placeholders(ruMessages[key]).join() !== placeholders(enMessages[key] ?? '').join(),
    )
    expect(differing).toEqual([])
  })

  it('should use the exact English sentences of the spec error catalogue', () => {
    expect(enMessages['errors.not-found-title']).toBe('Page Not Found')
    expect(enMessages['errors.not-found-message']).toBe('Page not found: {path}')
    expect(enMessages['errors.server-error-title']).toBe('Internal Server Error')
    expect(enMessages['errors.unexpected']).toBe('Unexpected error occurred')
    expect(enMessages['signin.wrong-credentials']).toBe('Wrong username or password.')
  })
})
