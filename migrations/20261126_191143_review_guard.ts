import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_reviews_status" ADD VALUE 'pending';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "reviews" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "reviews" ALTER COLUMN "status" SET DEFAULT 'published'::text;
  UPDATE "reviews" SET "status" = 'hidden' WHERE "status" = 'pending';
  DROP TYPE "public"."enum_reviews_status";
  CREATE TYPE "public"."enum_reviews_status" AS ENUM('published', 'hidden');
  ALTER TABLE "reviews" ALTER COLUMN "status" SET DEFAULT 'published'::"public"."enum_reviews_status";
  ALTER TABLE "reviews" ALTER COLUMN "status" SET DATA TYPE "public"."enum_reviews_status" USING "status"::"public"."enum_reviews_status";`)
}
