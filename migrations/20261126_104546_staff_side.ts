import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "consent_version" varchar;
  ALTER TABLE "users" ADD COLUMN "consented_at" timestamp(3) with time zone;
  ALTER TABLE "resources" ADD COLUMN "rejection_reason" varchar;
  ALTER TABLE "resources" ADD COLUMN "moderated_at" timestamp(3) with time zone;
  ALTER TABLE "reviews" ADD COLUMN "hidden_reason" varchar;
  ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp(3) with time zone;
  ALTER TABLE "review_reports" ADD COLUMN "handled_by_id" integer;
  ALTER TABLE "review_reports" ADD COLUMN "handled_at" timestamp(3) with time zone;
  ALTER TABLE "contact_messages" ADD COLUMN "handled_by_id" integer;
  ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp(3) with time zone;
  ALTER TABLE "contact_messages" ADD COLUMN "reply" varchar;
  ALTER TABLE "contact_messages" ADD COLUMN "replied_by_id" integer;
  ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp(3) with time zone;
  ALTER TABLE "attachments" ADD COLUMN "original_name" varchar;
  ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_replied_by_id_users_id_fk" FOREIGN KEY ("replied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "review_reports_handled_by_idx" ON "review_reports" USING btree ("handled_by_id");
  CREATE INDEX "contact_messages_handled_by_idx" ON "contact_messages" USING btree ("handled_by_id");
  CREATE INDEX "contact_messages_replied_by_idx" ON "contact_messages" USING btree ("replied_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "review_reports" DROP CONSTRAINT "review_reports_handled_by_id_users_id_fk";
  
  ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_handled_by_id_users_id_fk";
  
  ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_replied_by_id_users_id_fk";
  
  DROP INDEX "review_reports_handled_by_idx";
  DROP INDEX "contact_messages_handled_by_idx";
  DROP INDEX "contact_messages_replied_by_idx";
  ALTER TABLE "users" DROP COLUMN "consent_version";
  ALTER TABLE "users" DROP COLUMN "consented_at";
  ALTER TABLE "resources" DROP COLUMN "rejection_reason";
  ALTER TABLE "resources" DROP COLUMN "moderated_at";
  ALTER TABLE "reviews" DROP COLUMN "hidden_reason";
  ALTER TABLE "reviews" DROP COLUMN "hidden_at";
  ALTER TABLE "review_reports" DROP COLUMN "handled_by_id";
  ALTER TABLE "review_reports" DROP COLUMN "handled_at";
  ALTER TABLE "contact_messages" DROP COLUMN "handled_by_id";
  ALTER TABLE "contact_messages" DROP COLUMN "handled_at";
  ALTER TABLE "contact_messages" DROP COLUMN "reply";
  ALTER TABLE "contact_messages" DROP COLUMN "replied_by_id";
  ALTER TABLE "contact_messages" DROP COLUMN "replied_at";
  ALTER TABLE "attachments" DROP COLUMN "original_name";`)
}
