import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A small real PNG, for uploads that must pass the byte checks. */
export const PNG = readFileSync(join(import.meta.dirname, '../fixtures/sample.png'))

export const pngFile = (name = 'photo.png') => new File([PNG], name, { type: 'image/png' })

/** A file that calls itself a PNG but whose bytes are HTML. */
export const disguisedFile = () =>
  new File(['<html><script>alert(1)</script></html>'], 'photo.png', { type: 'image/png' })

/** A form's fields, then each file under `attachments`, as the site's forms send them. */
export const formData = (fields: Record<string, string | number>, files: File[] = []) => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value))
  for (const file of files) body.append('attachments', file)
  return body
}

/** A minimal well-formed PDF (header, one page, cross-reference table, end marker). */
export const pdfFile = (name = 'scan.pdf') =>
  new File(
    [
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
        'xref',
        '0 4',
        '0000000000 65535 f ',
        'trailer << /Size 4 /Root 1 0 R >>',
        'startxref',
        '0',
        '%%EOF',
        '',
      ].join('\n'),
    ],
    name,
    { type: 'application/pdf' },
  )

/** A file whose bytes start as a PDF's but that ends before its cross-reference table. */
export const damagedPdfFile = (name = 'scan.pdf') =>
  new File(['%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n'], name, {
    type: 'application/pdf',
  })

/** A PNG cut short: its signature says PNG, its image data is gone. */
export const damagedPngFile = (name = 'photo.png') =>
  new File([PNG.subarray(0, 64)], name, { type: 'image/png' })
