import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The availability monitor (src/server/linkChecks): its task and its clean-up on the jobs queue,
// and its tables (src/server/sql/linkChecks.ts), plain tables, not collections, so no door of
// Payload's (REST, GraphQL, the admin) reaches them. A resource's rows go with it.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'forgetOldLinkChecks' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'checkLinks' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'forgetOldLinkChecks' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'checkLinks' BEFORE 'schedulePublish';`)
  await db.execute(sql`
   CREATE TABLE "link_checks" (
    "id" bigserial PRIMARY KEY,
    "resource_id" integer NOT NULL REFERENCES "public"."resources"("id") ON DELETE CASCADE,
    "url" text NOT NULL,
    "checked_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "up" boolean NOT NULL,
    "status" integer,
    "ms" integer,
    "error" text
   );
   -- A resource's availability per address over the last days; the clean-up's old rows.
   CREATE INDEX "link_checks_resource_url_idx" ON "link_checks" ("resource_id", "url", "checked_at");
   CREATE INDEX "link_checks_checked_at_idx" ON "link_checks" ("checked_at");
   CREATE TABLE "link_states" (
    "resource_id" integer NOT NULL REFERENCES "public"."resources"("id") ON DELETE CASCADE,
    "url" text NOT NULL,
    "up" boolean NOT NULL,
    "since" timestamp(3) with time zone NOT NULL,
    "checked_at" timestamp(3) with time zone NOT NULL,
    "status" integer,
    "error" text,
    PRIMARY KEY ("resource_id", "url")
   );
   -- The monitor's lease: the one run that may check now, until when (src/server/sql/linkChecks.ts).
   CREATE TABLE "link_check_lease" (
    "id" smallint PRIMARY KEY CHECK ("id" = 1),
    "holder" text NOT NULL,
    "until" timestamp(3) with time zone NOT NULL
   );`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Jobs of the removed tasks would not fit the narrower types.
  await db.execute(sql`
   DROP TABLE "link_check_lease";
   DROP TABLE "link_states";
   DROP TABLE "link_checks";
   DELETE FROM "payload_jobs" WHERE "task_slug"::text IN ('checkLinks', 'forgetOldLinkChecks');
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
