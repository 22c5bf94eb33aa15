import type { CollectionBeforeChangeHook } from 'payload'

import { cleanFileName } from '@/lib/fileNames'
import type { Attachment } from '@payload-types'

/**
 * Keeps the name a file was uploaded with: Payload stores it under a safe name of its own (made
 * filesystem-safe, with "-1" added when taken), which is no name to show its sender or reader.
 */
export const keepOriginalName: CollectionBeforeChangeHook<Attachment> = ({
  data,
  operation,
  req,
}) => {
  if (!req.file || (operation !== 'create' && operation !== 'update')) return data
  return { ...data, originalName: cleanFileName(req.file.name) || data.filename }
}
