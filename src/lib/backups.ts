/**
 * Where `npm run backup` records its last success in the database (Payload's key-value table),
 * read by the metrics and the admins' machinery screen.
 */
export const LAST_BACKUP_KEY = 'obzor:last-backup'

/** What LAST_BACKUP_KEY holds. */
export type LastBackup = {
  /** When it finished (ISO). */
  finishedAt: string
  /** The folder or `s3://bucket/prefix` it was written to. */
  location: string
  /** The database dump's and the files' bytes. */
  bytes: number
  build: string | null
}

/**
 * A backup older than this is overdue: the admins' screen says so, as Prometheus's BackupMissing
 * alert does (deploy/prometheus/alerts.yml; a unit test holds the two equal).
 */
export const BACKUP_OVERDUE_HOURS = 26
