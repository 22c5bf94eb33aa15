import type { CollectionConfig } from 'payload'

import { ATTACHMENT_MIME_TYPES } from '@/lib/limits'
import { attachmentsDir } from '@/server/env'
import { adminOnly } from '@access/adminOnly'
import { hiddenUnlessAdmin } from '@access/canUseAdminPanel'
import { canReadAttachment } from '@access/support'
import { keepOriginalName } from '@hooks/keepOriginalName'
import { refuseNonTextValues } from '@hooks/refuseNonTextValues'
import { rejectDisallowedUpload } from '@hooks/rejectDisallowedUpload'
import { setUploadedBy } from '@hooks/setUploadedBy'

/**
 * Private files sent with a contact message, a ticket's message or a verification request: kept
 * outside the public folder and served by Payload's file route only to whom `read` allows (the
 * uploader, the people it is shared with, admins), so guessing a file's address gets nothing.
 * Only the site's calls store them, after their own checks (admins may upload in the admin too).
 */
export const Attachments: CollectionConfig = {
  slug: 'attachments',
  access: {
    read: canReadAttachment,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  admin: {
    useAsTitle: 'originalName',
    defaultColumns: ['originalName', 'filename', 'mimeType', 'filesize', 'uploadedBy', 'createdAt'],
    hidden: hiddenUnlessAdmin,
    group: { ru: 'Модерация', en: 'Moderation' },
  },
  labels: {
    singular: { ru: 'Вложение', en: 'Attachment' },
    plural: { ru: 'Вложения', en: 'Attachments' },
  },
  fields: [
    {
      // The name it was uploaded with, shown and offered for download (keepOriginalName); the
      // stored file keeps Payload's safe `filename`.
      name: 'originalName',
      type: 'text',
      label: { ru: 'Имя файла при загрузке', en: 'Name when uploaded' },
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    {
      name: 'uploadedBy',
      type: 'relationship',
      label: { ru: 'Загрузил', en: 'Uploaded by' },
      relationTo: 'users',
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      // Set by the ticket and verification hooks (shareAttachments), never by a request.
      name: 'readers',
      type: 'relationship',
      label: { ru: 'Доступно также', en: 'Also readable by' },
      relationTo: 'users',
      hasMany: true,
      index: true,
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
  hooks: {
    beforeOperation: [rejectDisallowedUpload({ mimeTypes: ATTACHMENT_MIME_TYPES })],
    beforeValidate: [refuseNonTextValues],
    beforeChange: [setUploadedBy, keepOriginalName],
  },
  upload: {
    staticDir: attachmentsDir(),
    mimeTypes: ATTACHMENT_MIME_TYPES,
    filesRequiredOnCreate: true,
    // Served as downloads, never rendered in the site's origin, and kept by no cache: each
    // request passes the access check again.
    modifyResponseHeaders: ({ headers }) => {
      headers.set('Content-Disposition', 'attachment')
      headers.set('X-Content-Type-Options', 'nosniff')
      headers.set('Cache-Control', 'private, no-store')
      return headers
    },
  },
}
