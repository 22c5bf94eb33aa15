import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "profile_private" boolean DEFAULT false;
  CREATE INDEX "reviews_author_page_idx" ON "reviews" ("author_id", "status", "created_at" DESC, "id" DESC);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX IF EXISTS "reviews_author_page_idx";
  ALTER TABLE "users" DROP COLUMN "profile_private";`)
}
