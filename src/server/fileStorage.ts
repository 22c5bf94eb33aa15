import 'server-only'

import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

import { GetObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { buildStoragePathData } from '@payloadcms/plugin-cloud-storage/utilities'
import { s3Storage } from '@payloadcms/storage-s3'
import type { CollectionConfig, Config, Field, Payload, Plugin, UploadConfig } from 'payload'

import { env, serverUrl } from './env'

/** The collections whose files the bucket holds, each under a key prefix of its own. */
export const STORED_COLLECTIONS = {
  media: 'media',
  attachments: 'attachments',
  'data-exports': 'exports',
} as const
export type StoredCollection = keyof typeof STORED_COLLECTIONS

/** The bucket and the client's settings, or null when files stay on this machine's disk. */
export const bucketSettings = (): { bucket: string; client: S3ClientConfig } | null => {
  const {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: pathStyle,
  } = env()
  if (!bucket) return null
  return {
    bucket,
    client: {
      region: env().S3_REGION,
      endpoint,
      // Stores other than AWS (MinIO, Ceph, a local server) mostly want bucket/key paths rather
      // than bucket.host names.
      forcePathStyle: pathStyle ?? Boolean(endpoint),
      // Without keys, the SDK's own chain (an instance's role, AWS_* variables) supplies them.
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // The SDK's default checksums (trailing, chunk-encoded on streams) are not understood by
      // every S3-compatible store: elsewhere than AWS, only where the operation needs one.
      ...(endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    },
  }
}

/**
 * Media and attachments in the S3 bucket when S3_BUCKET is set, on disk otherwise. Either way
 * a file is served by Payload's file route, `/api/<collection>/file/<filename>`, after the
 * collection's read access (attachments: the uploader, the people it is shared with, admins),
 * so the addresses pages hold, next/image's `localPatterns` and the access rules are the same on
 * both; no object is written public and no bucket address is ever handed out. The plugin's
 * storage fields (`prefix`, `_objectKey`) exist in both modes, so the schema does not depend on
 * the environment, and no request may set them.
 */
export const fileStorage = (): Plugin => {
  const settings = bucketSettings()
  const storage = s3Storage({
    enabled: Boolean(settings),
    alwaysInsertFields: true,
    bucket: settings?.bucket ?? '',
    config: settings?.client ?? {},
    collections: Object.fromEntries(
      Object.entries(STORED_COLLECTIONS).map(([slug, prefix]) => [
        slug,
        { prefix, generateFileURL: fileRouteUrl(slug) },
      ]),
    ),
  })
  return async (config: Config) => {
    const stored = closeStorageFields(await storage(config))
    return settings ? stored : answerMissingFilesOnDisk(stored)
  }
}

/**
 * The address Payload gives a file on disk, also for one in the bucket (the plugin's own would
 * add `?prefix=…`): pages, feeds and link previews made before a move to the bucket keep working
 * after it.
 */
const fileRouteUrl =
  (slug: string) =>
  ({ filename }: { filename: string }) =>
    `${serverUrl()}/api/${slug}/file/${encodeURIComponent(filename)}`

const STORAGE_FIELDS = ['prefix', '_objectKey']

/** Where a file lies in the bucket is the server's business: no door may write it. */
const closeStorageFields = (config: Config): Config => ({
  ...config,
  collections: config.collections?.map((collection: CollectionConfig) =>
    collection.slug in STORED_COLLECTIONS
      ? { ...collection, fields: collection.fields.map(closeStorageField) }
      : collection,
  ),
})

/**
 * On disk, Payload answers a file it does not find with a 500 (and logs an error): any address
 * typed at random would. The bucket's handler says 404; so does this one, before Payload looks.
 */
const answerMissingFilesOnDisk = (config: Config): Config => ({
  ...config,
  collections: config.collections?.map((collection: CollectionConfig) =>
    collection.slug in STORED_COLLECTIONS && typeof collection.upload === 'object'
      ? {
          ...collection,
          upload: {
            ...collection.upload,
            handlers: [...(collection.upload.handlers ?? []), notFoundOnDisk],
          },
        }
      : collection,
  ),
})

type UploadHandler = NonNullable<UploadConfig['handlers']>[number]

// Payload's type has a handler answer on every path or none; it passes over one that does not.
const notFoundOnDisk = (async (req, { params }: Parameters<UploadHandler>[1]) => {
  const upload = req.payload.collections[params.collection as StoredCollection]?.config.upload
  const folder = path.resolve(upload?.staticDir || params.collection)
  const file = path.resolve(folder, params.filename)
  // Outside the folder is Payload's own refusal (400), which follows.
  if (!file.startsWith(folder + path.sep)) return undefined
  const isThere = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  )
  return isThere ? undefined : new Response(null, { status: 404, statusText: 'Not Found' })
}) as UploadHandler

const closeStorageField = (field: Field): Field =>
  'name' in field && STORAGE_FIELDS.includes(field.name)
    ? ({ ...field, access: { create: () => false, update: () => false } } as Field)
    : field

/** A stored file's document, as the storage fields name where it lies. */
export type StoredDoc = {
  filename?: string | null
  prefix?: string | null
  _objectKey?: string | null
}

/** The bucket's key of `filename` (the document's file or one of its sizes). */
export const storageKey = (slug: StoredCollection, doc: StoredDoc, filename: string) =>
  buildStoragePathData({
    collectionPrefix: STORED_COLLECTIONS[slug],
    docPrefix: [doc.prefix, doc._objectKey].filter(Boolean).join('/'),
    filename,
  }).storageFilePath

/** A stored document's file, from the disk or the bucket; null when it is in neither. */
export const readStoredFile = async (
  payload: Payload,
  slug: StoredCollection,
  doc: StoredDoc,
): Promise<Buffer | null> => {
  if (!doc.filename) return null
  const settings = bucketSettings()
  if (!settings) {
    const folder = path.resolve(payload.collections[slug].config.upload.staticDir || slug)
    return readFile(path.join(folder, path.basename(doc.filename))).catch(() => null)
  }
  const client = new S3Client(settings.client)
  try {
    const object = await client.send(
      new GetObjectCommand({ Bucket: settings.bucket, Key: storageKey(slug, doc, doc.filename) }),
    )
    return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return null
    }
    throw error
  } finally {
    client.destroy()
  }
}
