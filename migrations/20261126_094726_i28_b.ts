import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "resources" ADD COLUMN "rejection_reason" varchar;
  ALTER TABLE "resources" ADD COLUMN "moderated_at" timestamp(3) with time zone;
  ALTER TABLE "reviews" ADD COLUMN "hidden_reason" varchar;
  ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp(3) with time zone;
  ALTER TABLE "review_reports" ADD COLUMN "handled_by_id" integer;
  ALTER TABLE "review_reports" ADD COLUMN "handled_at" timestamp(3) with time zone;
  ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "review_reports_handled_by_idx" ON "review_reports" USING btree ("handled_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "review_reports" DROP CONSTRAINT "review_reports_handled_by_id_users_id_fk";
  
  DROP INDEX "review_reports_handled_by_idx";
  ALTER TABLE "resources" DROP COLUMN "rejection_reason";
  ALTER TABLE "resources" DROP COLUMN "moderated_at";
  ALTER TABLE "reviews" DROP COLUMN "hidden_reason";
  ALTER TABLE "reviews" DROP COLUMN "hidden_at";
  ALTER TABLE "review_reports" DROP COLUMN "handled_by_id";
  ALTER TABLE "review_reports" DROP COLUMN "handled_at";`)
}
