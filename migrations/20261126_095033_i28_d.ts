import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "consent_version" varchar;
  ALTER TABLE "users" ADD COLUMN "consented_at" timestamp(3) with time zone;
  ALTER TABLE "attachments" ADD COLUMN "original_name" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" DROP COLUMN "consent_version";
  ALTER TABLE "users" DROP COLUMN "consented_at";
  ALTER TABLE "attachments" DROP COLUMN "original_name";`)
}
