import {
  type Collection,
  type FlattenedBlock,
  type FlattenedField,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  buildVersionCollectionFields,
} from 'payload'

export type QueryContext = {
  req: PayloadRequest
  /** Per call: whether the caller reads every document of a collection. */
  readsAll: Map<string, Promise<boolean>>
}

export const collectionOf = (req: PayloadRequest, slug: string) =>
  (req.payload.collections as Record<string, Collection | undefined>)[slug]?.config

/**
 * True when the caller reads every document of `slug`. A query that looks inside a related
 * document is joined in SQL without the related collection's access constraint, so only
 * unconstrained access (`true`) lets it in; comparing the relation by id needs none.
 */
export const readsEveryDocument = (context: QueryContext, slug: string) => {
  let answer = context.readsAll.get(slug)
  if (!answer) {
    const read = collectionOf(context.req, slug)?.access.read
    answer = (async () => (read ? (await read({ req: context.req })) === true : false))().catch(
      () => false,
    )
    context.readsAll.set(slug, answer)
  }
  return answer
}

/**
 * Field access decides per document; a query compares a field across all of them. The access
 * must grant both without a document and for a document that is nobody's: Payload's own
 * `sessions` field grants a guest "their own" when no document is given.
 */
const readsFieldEverywhere = async (field: FlattenedField, req: PayloadRequest) => {
  const read = 'access' in field ? field.access?.read : undefined
  if (!read) return true
  const stranger = { id: Number.NaN }
  try {
    const answers = await Promise.all([
      read({ req }),
      read({ req, doc: stranger, data: stranger, siblingData: stranger }),
    ])
    return answers.every((answer) => answer === true)
  } catch {
    return false
  }
}

/** The fields a query on `collection` starts from: its own, and its versions' if it keeps any. */
const rootFields = (collection: SanitizedCollectionConfig, req: PayloadRequest) =>
  collection.versions
    ? [
        ...collection.flattenedFields,
        ...buildVersionCollectionFields(req.payload.config, collection, true),
      ]
    : collection.flattenedFields

const blockFields = (field: FlattenedField, req: PayloadRequest): FlattenedField[] => {
  if (field.type !== 'blocks') return []
  const blocks = (field.blockReferences ?? field.blocks).map((block) =>
    typeof block === 'string'
      ? (req.payload.blocks as Record<string, FlattenedBlock | undefined>)[block]
      : block,
  )
  return [
    { name: 'blockType', type: 'text' },
    ...blocks.flatMap((block) => block?.flattenedFields ?? []),
  ]
}

/**
 * The field a query path (`author.displayName`, `reply__author`, `title.en`) ends on, or null
 * when the caller may not query it: unknown, hidden, virtual, refused by field access, or inside
 * a related collection the caller does not read in full. Unknown and refused look alike, so an
 * answer never tells which fields exist.
 */
export const resolvePath = async ({
  context,
  collection,
  path,
}: {
  context: QueryContext
  collection: SanitizedCollectionConfig
  path: string
}): Promise<FlattenedField | { type: 'id' } | null> => {
  const { req } = context
  const localeCodes = req.payload.config.localization
    ? req.payload.config.localization.localeCodes
    : []
  const segments = path.replace(/__/g, '.').split('.')
  if (path === '_id') return { type: 'id' }
  let fields = rootFields(collection, req)
  let isLocalized = false
  for (let i = 0; i < segments.length; i += 1) {
    const isLast = i === segments.length - 1
    if (segments[i] === 'id' && isLast) return { type: 'id' }
    const field = fields.find((candidate) => candidate.name === segments[i])
    const virtual = field && 'virtual' in field ? field.virtual : undefined
    if (!field || field.hidden || virtual === true) return null
    if (!(await readsFieldEverywhere(field, req))) return null
    if (typeof virtual === 'string') {
      const target = await resolvePath({ context, collection, path: virtual })
      if (!target) return null
    }
    isLocalized ||= Boolean('localized' in field && field.localized)
    if (isLocalized && localeCodes.includes(segments[i + 1])) i += 1
    const rest = segments.slice(i + 1)
    if (!rest.length) return field
    if (field.type === 'json' || field.type === 'richText') return field
    if (field.type === 'group' || field.type === 'tab' || field.type === 'array') {
      fields = field.flattenedFields
    } else if (field.type === 'blocks') {
      fields = blockFields(field, req)
    } else if (field.type === 'relationship' || field.type === 'upload' || field.type === 'join') {
      const target = field.type === 'join' ? field.collection : field.relationTo
      if (typeof target !== 'string') {
        // Payload never looks inside a polymorphic relation: only its two parts are queried.
        return rest.length === 1 && ['relationTo', 'value'].includes(rest[0]) ? field : null
      }
      if (rest.length === 1 && rest[0] === 'id') return field
      if (!(await readsEveryDocument(context, target))) return null
      const related = collectionOf(req, target)
      if (!related) return null
      fields = related.flattenedFields
      collection = related
      isLocalized = false
    } else {
      return null
    }
  }
  return null
}

export const queryContext = (req: PayloadRequest): QueryContext => ({ req, readsAll: new Map() })
