import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_notification_email_new_review" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_review_reply" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_comment_reply" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_ticket_answered" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_verification_decided" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_favorite_status" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_favorite_reply" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_users_notification_email_chat_mention" AS ENUM('immediate', 'digest', 'never');
  CREATE TYPE "public"."enum_notifications_mail" AS ENUM('none', 'digest', 'sent');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'mailNotificationDigest' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'mailNotificationDigest' BEFORE 'schedulePublish';
  ALTER TABLE "users" ADD COLUMN "notification_email_new_review" "enum_users_notification_email_new_review" DEFAULT 'immediate';
  ALTER TABLE "users" ADD COLUMN "notification_email_review_reply" "enum_users_notification_email_review_reply" DEFAULT 'immediate';
  ALTER TABLE "users" ADD COLUMN "notification_email_comment_reply" "enum_users_notification_email_comment_reply" DEFAULT 'immediate';
  ALTER TABLE "users" ADD COLUMN "notification_email_ticket_answered" "enum_users_notification_email_ticket_answered" DEFAULT 'immediate';
  ALTER TABLE "users" ADD COLUMN "notification_email_verification_decided" "enum_users_notification_email_verification_decided" DEFAULT 'immediate';
  ALTER TABLE "users" ADD COLUMN "notification_email_favorite_status" "enum_users_notification_email_favorite_status" DEFAULT 'immediate';
  ALTER TABLE "users" ADD COLUMN "notification_email_favorite_reply" "enum_users_notification_email_favorite_reply" DEFAULT 'digest';
  ALTER TABLE "users" ADD COLUMN "notification_email_chat_mention" "enum_users_notification_email_chat_mention" DEFAULT 'digest';
  ALTER TABLE "notifications" ADD COLUMN "mail" "enum_notifications_mail";
  ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp(3) with time zone;
  CREATE INDEX "notifications_mail_idx" ON "notifications" USING btree ("mail");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'forgetOldLinkChecks', 'checkLinks', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'rollUpAnalytics', 'sendEmail', 'forgetExpiredSessions', 'forgetExpiredRateLimits', 'forgetDeadChallenges', 'forgetFinishedJobs', 'forgetOldLinkChecks', 'checkLinks', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "notifications_mail_idx";
  ALTER TABLE "users" DROP COLUMN "notification_email_new_review";
  ALTER TABLE "users" DROP COLUMN "notification_email_review_reply";
  ALTER TABLE "users" DROP COLUMN "notification_email_comment_reply";
  ALTER TABLE "users" DROP COLUMN "notification_email_ticket_answered";
  ALTER TABLE "users" DROP COLUMN "notification_email_verification_decided";
  ALTER TABLE "users" DROP COLUMN "notification_email_favorite_status";
  ALTER TABLE "users" DROP COLUMN "notification_email_favorite_reply";
  ALTER TABLE "users" DROP COLUMN "notification_email_chat_mention";
  ALTER TABLE "notifications" DROP COLUMN "mail";
  ALTER TABLE "notifications" DROP COLUMN "mailed_at";
  DROP TYPE "public"."enum_users_notification_email_new_review";
  DROP TYPE "public"."enum_users_notification_email_review_reply";
  DROP TYPE "public"."enum_users_notification_email_comment_reply";
  DROP TYPE "public"."enum_users_notification_email_ticket_answered";
  DROP TYPE "public"."enum_users_notification_email_verification_decided";
  DROP TYPE "public"."enum_users_notification_email_favorite_status";
  DROP TYPE "public"."enum_users_notification_email_favorite_reply";
  DROP TYPE "public"."enum_users_notification_email_chat_mention";
  DROP TYPE "public"."enum_notifications_mail";`)
}
