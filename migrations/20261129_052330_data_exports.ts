import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_data_exports_status" AS ENUM('pending', 'ready');
  CREATE TYPE "public"."enum_data_exports_locale" AS ENUM('ru', 'en');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'forgetSpentDataExports' BEFORE 'checkLinks';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'buildDataExport' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'forgetSpentDataExports' BEFORE 'checkLinks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'buildDataExport' BEFORE 'schedulePublish';
  CREATE TABLE "data_exports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"status" "enum_data_exports_status" DEFAULT 'pending' NOT NULL,
  	"locale" "enum_data_exports_locale" NOT NULL,
  	"token" varchar,
  	"ready_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone,
  	"downloaded_at" timestamp(3) with time zone,
  	"prefix" varchar DEFAULT 'exports',
  	"_objectkey" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "data_exports_id" integer;
  -- An archive goes with its member (the column is NOT NULL; hand-edited from "set null").
  ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id");
  CREATE INDEX "data_exports_token_idx" ON "data_exports" USING btree ("token");
  CREATE INDEX "data_exports_expires_at_idx" ON "data_exports" USING btree ("expires_at");
  CREATE INDEX "data_exports_updated_at_idx" ON "data_exports" USING btree ("updated_at");
  CREATE INDEX "data_exports_created_at_idx" ON "data_exports" USING btree ("created_at");
  CREATE UNIQUE INDEX "data_exports_filename_idx" ON "data_exports" USING btree ("filename");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_data_exports_fk" FOREIGN KEY ("data_exports_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_data_exports_id_idx" ON "payload_locked_documents_rels" USING btree ("data_exports_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "data_exports" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "data_exports" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_data_exports_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'forgetOldLinkChecks', 'checkLinks', 'mailNotificationDigest', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'forgetOldLinkChecks', 'checkLinks', 'mailNotificationDigest', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_data_exports_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "data_exports_id";
  DROP TYPE "public"."enum_data_exports_status";
  DROP TYPE "public"."enum_data_exports_locale";`)
}
