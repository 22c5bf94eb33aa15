import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-written, Payload's schema does not change: trigram indexes over two keys of each locale's
// title, which src/data/views/search.ts compares the query's words (and the whole query) with.
// pg_trgm itself comes from 20261122_180020_directory. The keys are functions so that the
// queries name exactly the indexed expressions: lower case with ё as е (the query is normalised
// the same way), and the same without spaces and punctuation ("trade hub": TradeHub; translate
// rather than a regular expression, which would cost several times as much on every row).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE OR REPLACE FUNCTION "search_title_key"(title text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT translate(lower(title), 'ё', 'е') $$;
  CREATE OR REPLACE FUNCTION "search_compact_key"(title text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT translate(lower(title), 'ё -_.,:;!?''"«»()[]{}/|&+*#@№%', 'е') $$;
  CREATE INDEX "resources_locales_title_key_trgm_idx" ON "resources_locales"
    USING gin ("search_title_key"("title") gin_trgm_ops);
  CREATE INDEX "resources_locales_title_compact_trgm_idx" ON "resources_locales"
    USING gin ("search_compact_key"("title") gin_trgm_ops);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "resources_locales_title_compact_trgm_idx";
  DROP INDEX IF EXISTS "resources_locales_title_key_trgm_idx";
  DROP FUNCTION IF EXISTS "search_compact_key"(text);
  DROP FUNCTION IF EXISTS "search_title_key"(text);`)
}
