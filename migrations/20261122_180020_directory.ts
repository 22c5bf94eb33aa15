import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_resources_type" AS ENUM('marketplace', 'shop', 'forum', 'exchanger');
  CREATE TYPE "public"."enum_resources_status" AS ENUM('pending', 'published', 'rejected');
  CREATE TYPE "public"."enum_reviews_status" AS ENUM('published', 'hidden');
  CREATE TABLE "resources_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "resources" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"type" "enum_resources_type" NOT NULL,
  	"slug" varchar,
  	"image_id" integer,
  	"country" varchar,
  	"owner_id" integer,
  	"status" "enum_resources_status" DEFAULT 'pending' NOT NULL,
  	"verified" boolean DEFAULT false,
  	"rating_average" numeric DEFAULT 0,
  	"review_count" numeric DEFAULT 0,
  	"rating_distribution" jsonb,
  	"criteria_averages" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "resources_locales" (
  	"title" varchar NOT NULL,
  	"anons" varchar,
  	"description" jsonb,
  	"search_text" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "reviews" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"resource_id" integer NOT NULL,
  	"author_id" integer NOT NULL,
  	"grade" numeric NOT NULL,
  	"comment" varchar NOT NULL,
  	"criteria" jsonb,
  	"status" "enum_reviews_status" DEFAULT 'published' NOT NULL,
  	"reply_text" varchar,
  	"reply_author_id" integer,
  	"reply_replied_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "favorites" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"resource_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "employer_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "resources_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "reviews_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "favorites_id" integer;
  ALTER TABLE "resources_links" ADD CONSTRAINT "resources_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "resources" ADD CONSTRAINT "resources_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "resources" ADD CONSTRAINT "resources_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "resources_locales" ADD CONSTRAINT "resources_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "reviews" ADD CONSTRAINT "reviews_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_author_id_users_id_fk" FOREIGN KEY ("reply_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "favorites" ADD CONSTRAINT "favorites_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "resources_links_order_idx" ON "resources_links" USING btree ("_order");
  CREATE INDEX "resources_links_parent_id_idx" ON "resources_links" USING btree ("_parent_id");
  CREATE INDEX "resources_type_idx" ON "resources" USING btree ("type");
  CREATE UNIQUE INDEX "resources_slug_idx" ON "resources" USING btree ("slug");
  CREATE INDEX "resources_image_idx" ON "resources" USING btree ("image_id");
  CREATE INDEX "resources_country_idx" ON "resources" USING btree ("country");
  CREATE INDEX "resources_owner_idx" ON "resources" USING btree ("owner_id");
  CREATE INDEX "resources_status_idx" ON "resources" USING btree ("status");
  CREATE INDEX "resources_verified_idx" ON "resources" USING btree ("verified");
  CREATE INDEX "resources_rating_average_idx" ON "resources" USING btree ("rating_average");
  CREATE INDEX "resources_review_count_idx" ON "resources" USING btree ("review_count");
  CREATE INDEX "resources_updated_at_idx" ON "resources" USING btree ("updated_at");
  CREATE INDEX "resources_created_at_idx" ON "resources" USING btree ("created_at");
  CREATE UNIQUE INDEX "resources_locales_locale_parent_id_unique" ON "resources_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "reviews_resource_idx" ON "reviews" USING btree ("resource_id");
  CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");
  CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status");
  CREATE INDEX "reviews_reply_reply_author_idx" ON "reviews" USING btree ("reply_author_id");
  CREATE INDEX "reviews_updated_at_idx" ON "reviews" USING btree ("updated_at");
  CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at");
  CREATE UNIQUE INDEX "resource_author_idx" ON "reviews" USING btree ("resource_id","author_id");
  CREATE INDEX "favorites_user_idx" ON "favorites" USING btree ("user_id");
  CREATE INDEX "favorites_resource_idx" ON "favorites" USING btree ("resource_id");
  CREATE INDEX "favorites_updated_at_idx" ON "favorites" USING btree ("updated_at");
  CREATE INDEX "favorites_created_at_idx" ON "favorites" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_resource_idx" ON "favorites" USING btree ("user_id","resource_id");
  ALTER TABLE "users" ADD CONSTRAINT "users_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_resources_fk" FOREIGN KEY ("resources_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reviews_fk" FOREIGN KEY ("reviews_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_favorites_fk" FOREIGN KEY ("favorites_id") REFERENCES "public"."favorites"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_employer_idx" ON "users" USING btree ("employer_id");
  CREATE INDEX "payload_locked_documents_rels_resources_id_idx" ON "payload_locked_documents_rels" USING btree ("resources_id");
  CREATE INDEX "payload_locked_documents_rels_reviews_id_idx" ON "payload_locked_documents_rels" USING btree ("reviews_id");
  CREATE INDEX "payload_locked_documents_rels_favorites_id_idx" ON "payload_locked_documents_rels" USING btree ("favorites_id");`)

  // Hand-written: what Payload's schema cannot say. A review or favorite goes with its resource and
  // its user (the generated "set null" contradicts their NOT NULL columns).
  // Search: Russian and English stemming over the search text of each locale, trigram matching of
  // titles for typos; listing and review pages read through the composite indexes.
  await db.execute(sql`
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  ALTER TABLE "resources_locales" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian', coalesce("title", '')), 'A') ||
    setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
    to_tsvector('russian', coalesce("search_text", '')) ||
    to_tsvector('english', coalesce("search_text", ''))
  ) STORED;
  CREATE INDEX "resources_locales_search_idx" ON "resources_locales" USING gin ("search_vector");
  CREATE INDEX "resources_locales_title_trgm_idx" ON "resources_locales" USING gin ("title" gin_trgm_ops);
  CREATE INDEX "resources_listing_rating_idx" ON "resources" ("type", "status", "rating_average" DESC, "id");
  CREATE INDEX "resources_listing_count_idx" ON "resources" ("type", "status", "review_count" DESC, "id");
  CREATE INDEX "resources_listing_created_idx" ON "resources" ("type", "status", "created_at" DESC);
  CREATE INDEX "reviews_resource_page_idx" ON "reviews" ("resource_id", "status", "created_at" DESC);
  CREATE INDEX "reviews_latest_idx" ON "reviews" ("status", "created_at" DESC);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX IF EXISTS "resources_locales_search_idx";
  DROP INDEX IF EXISTS "resources_locales_title_trgm_idx";
   ALTER TABLE "resources_links" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "resources" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "resources_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "reviews" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "favorites" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "resources_links" CASCADE;
  DROP TABLE "resources" CASCADE;
  DROP TABLE "resources_locales" CASCADE;
  DROP TABLE "reviews" CASCADE;
  DROP TABLE "favorites" CASCADE;
  ALTER TABLE "users" DROP CONSTRAINT "users_employer_id_users_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_resources_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_reviews_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_favorites_fk";
  
  DROP INDEX "users_employer_idx";
  DROP INDEX "payload_locked_documents_rels_resources_id_idx";
  DROP INDEX "payload_locked_documents_rels_reviews_id_idx";
  DROP INDEX "payload_locked_documents_rels_favorites_id_idx";
  ALTER TABLE "users" DROP COLUMN "employer_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "resources_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "reviews_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "favorites_id";
  DROP TYPE "public"."enum_resources_type";
  DROP TYPE "public"."enum_resources_status";
  DROP TYPE "public"."enum_reviews_status";`)
}
