/** Image types the site accepts anywhere (spec §5); avatars narrow this to JPG and PNG. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp']

/** The largest upload the server accepts at all; collections may set a lower limit. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

export const THEMES = ['light', 'dark'] as const
