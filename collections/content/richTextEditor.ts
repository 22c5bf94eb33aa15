import { LinkFeature, lexicalEditor } from '@payloadcms/richtext-lexical'
import type { FieldAffectingData, TextFieldSingleValidation } from 'payload'

import { isSavableLink } from '@/lib/externalUrl'
import { messageLocale, serverMessage } from '@/server/serverMessages'

/**
 * An editor's custom link is saved only as an absolute http(s) address, a path of this site or
 * an anchor, on every door: `/\host` or `//host` (which browsers follow to another site), a
 * `javascript:` address or text that is no address are refused with a message.
 */
const validateLinkUrl: TextFieldSingleValidation = (value, options) => {
  if ((options.siblingData as { linkType?: string } | undefined)?.linkType === 'internal') {
    return true
  }
  if (typeof value === 'string' && isSavableLink(value.trim())) return true
  return serverMessage({ locale: messageLocale(options.req), key: 'api.rich-link-invalid' })
}

const withLinkRules = (fields: FieldAffectingData[]): FieldAffectingData[] =>
  fields.map((field) =>
    field.name === 'url' && field.type === 'text' && !field.hasMany
      ? { ...field, validate: validateLinkUrl }
      : field,
  )

/** The rich-text editor of every collection: Payload's Lexical, its links held to the rules above. */
export const richTextEditor = () =>
  lexicalEditor({
    features: ({ defaultFeatures }) =>
      defaultFeatures.map((feature) =>
        feature.key === 'link'
          ? LinkFeature({ fields: ({ defaultFields }) => withLinkRules(defaultFields) })
          : feature,
      ),
  })
