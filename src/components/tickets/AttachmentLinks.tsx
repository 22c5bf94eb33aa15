import type { AttachmentView } from '@/data/views/support'

/** A file's size in the reader's locale and units (7 kB, 7 КБ): kilobytes under a megabyte. */
const sizeOf = (bytes: number, locale: string) => {
  const small = bytes < 1024 * 1024
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: small ? 'kilobyte' : 'megabyte',
    maximumFractionDigits: small ? 0 : 1,
  }).format(small ? Math.max(1, Math.round(bytes / 1024)) : bytes / 1024 / 1024)
}

/** A message's private files as download links (the server lets only the allowed fetch them). */
export function AttachmentLinks({ files, locale }: { files: AttachmentView[]; locale: string }) {
  if (!files.length) return null
  return (
    <ul className="attachment-links">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} download={file.filename}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path
                d="M10.5 4.5 5.8 9.2a1.5 1.5 0 0 0 2.1 2.1l5-5a3 3 0 0 0-4.2-4.2l-5.2 5.2a4.5 4.5 0 0 0 6.4 6.4l4.3-4.3"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
                strokeLinecap="round"
              />
            </svg>
            <span>{file.filename}</span>
          </a>{' '}
          <span className="attachment-size">{sizeOf(file.filesize, locale)}</span>
        </li>
      ))}
    </ul>
  )
}
