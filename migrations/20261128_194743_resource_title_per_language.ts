import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// A resource may be titled in one language only: the other language's row keeps its summary or
// status reason with no title (collections/Resources.ts, titleInOneLanguage and validateTitle).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "resources_locales" ALTER COLUMN "title" DROP NOT NULL;`)
}

// Back to NOT NULL, a language's row without a title takes the other language's, so that what it
// holds (a summary, a description, a status reason) stays.
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   UPDATE "resources_locales" AS "row" SET "title" = "other"."title"
    FROM "resources_locales" AS "other"
    WHERE "row"."title" IS NULL AND "other"."_parent_id" = "row"."_parent_id"
      AND "other"."title" IS NOT NULL;
  DELETE FROM "resources_locales" WHERE "title" IS NULL;
  ALTER TABLE "resources_locales" ALTER COLUMN "title" SET NOT NULL;`)
}
