import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The exchangers' rates fetcher's tasks (src/server/rates/task.ts, its own queue `rates`) and the
// clean-up of the rates' history older than 90 days (src/server/cleanUp.ts).

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'forgetOldRateHistory' BEFORE 'checkLinks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'fetchRates' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'forgetOldRateHistory' BEFORE 'checkLinks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'fetchRates' BEFORE 'schedulePublish';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Jobs of the removed tasks would not fit the narrower types.
  await db.execute(sql`
   DELETE FROM "payload_jobs" WHERE "task_slug"::text IN ('fetchRates', 'forgetOldRateHistory');
   DELETE FROM "payload_jobs_log" WHERE "task_slug"::text IN ('fetchRates', 'forgetOldRateHistory');
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'forgetOldLinkChecks', 'forgetSpentDataExports', 'forgetOldRecords', 'checkLinks', 'mailNotificationDigest', 'buildDataExport', 'warmPages', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'forgetOldLinkChecks', 'forgetSpentDataExports', 'forgetOldRecords', 'checkLinks', 'mailNotificationDigest', 'buildDataExport', 'warmPages', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
