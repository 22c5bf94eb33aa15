/**
 * Where `npm run backup` records its last success in the database (Payload's key-value table):
 * `{finishedAt, location, bytes, build}`, read by the metrics and the admins' screens.
 */
export const LAST_BACKUP_KEY = 'obzor:last-backup'
