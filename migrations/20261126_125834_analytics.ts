import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'rollUpAnalytics' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'rollUpAnalytics' BEFORE 'schedulePublish';
  CREATE TABLE "payload_jobs_stats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stats" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "payload_jobs" ADD COLUMN "meta" jsonb;`)
  // Analytics' figures (src/server/sql/analytics.ts): plain tables, not collections, so no door of
  // Payload's (REST, GraphQL, the admin) reaches them; the site's calls read them for the people
  // allowed. Per resource and UTC day: the browser's counts (flushed in batches) and the hooks'.
  await db.execute(sql`
   CREATE TABLE "analytics_resource_days" (
    "resource_id" integer NOT NULL REFERENCES "public"."resources"("id") ON DELETE CASCADE,
    "day" date NOT NULL,
    "views" integer NOT NULL DEFAULT 0,
    "visitors" integer NOT NULL DEFAULT 0,
    "site_clicks" integer NOT NULL DEFAULT 0,
    "mirror_clicks" integer NOT NULL DEFAULT 0,
    "favorites_added" integer NOT NULL DEFAULT 0,
    "favorites_removed" integer NOT NULL DEFAULT 0,
    "reviews" integer NOT NULL DEFAULT 0,
    "grade_1" integer NOT NULL DEFAULT 0,
    "grade_2" integer NOT NULL DEFAULT 0,
    "grade_3" integer NOT NULL DEFAULT 0,
    "grade_4" integer NOT NULL DEFAULT 0,
    "grade_5" integer NOT NULL DEFAULT 0,
    "helpful_votes" integer NOT NULL DEFAULT 0,
    "reports" integer NOT NULL DEFAULT 0,
    PRIMARY KEY ("resource_id", "day")
   );
   -- The site-wide top lists read a period's rows of every resource by day.
   CREATE INDEX "analytics_resource_days_day_idx" ON "analytics_resource_days" ("day")
     INCLUDE ("resource_id", "views", "reviews");
   -- The whole site per UTC day: the jobs queue's roll-up, and the flushes' views and clicks.
   CREATE TABLE "analytics_site_days" (
    "day" date PRIMARY KEY,
    "registrations" integer NOT NULL DEFAULT 0,
    "active_users" integer NOT NULL DEFAULT 0,
    "reviews" integer NOT NULL DEFAULT 0,
    "comments" integer NOT NULL DEFAULT 0,
    "chat_messages" integer NOT NULL DEFAULT 0,
    "resources_by_type" jsonb NOT NULL DEFAULT '{}',
    "resources_by_status" jsonb NOT NULL DEFAULT '{}',
    "tickets_opened" integer NOT NULL DEFAULT 0,
    "tickets_open" integer NOT NULL DEFAULT 0,
    "first_answer_seconds" integer[] NOT NULL DEFAULT '{}',
    "verification_by_status" jsonb NOT NULL DEFAULT '{}',
    "decision_seconds" integer[] NOT NULL DEFAULT '{}',
    "views" integer NOT NULL DEFAULT 0,
    "visitors" integer NOT NULL DEFAULT 0,
    "clicks" integer NOT NULL DEFAULT 0,
    "built_at" timestamp(3) with time zone
   );
   -- The flushes' batch ids, so a batch retried after a failure counts once (kept two days).
   CREATE TABLE "analytics_batches" (
    "id" varchar(64) PRIMARY KEY,
    "at" timestamp(3) with time zone NOT NULL DEFAULT now()
   );`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "analytics_batches";
   DROP TABLE IF EXISTS "analytics_site_days";
   DROP TABLE IF EXISTS "analytics_resource_days";`)
  await db.execute(sql`
   DROP TABLE "payload_jobs_stats" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "payload_jobs" DROP COLUMN "meta";`)
}
