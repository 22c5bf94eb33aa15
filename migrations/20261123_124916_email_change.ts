import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_auth_challenges_purpose" ADD VALUE 'email-change';
  ALTER TABLE "auth_challenges" ADD COLUMN "email" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "auth_challenges" WHERE "purpose" = 'email-change';
  ALTER TABLE "auth_challenges" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_auth_challenges_purpose";
  CREATE TYPE "public"."enum_auth_challenges_purpose" AS ENUM('email-verification', 'login', 'pgp-setup', 'pgp-confirm');
  ALTER TABLE "auth_challenges" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_auth_challenges_purpose" USING "purpose"::"public"."enum_auth_challenges_purpose";
  ALTER TABLE "auth_challenges" DROP COLUMN "email";`)
}
