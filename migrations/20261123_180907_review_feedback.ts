import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-edited: a vote or report goes with its review or its user (ON DELETE cascade), as the
// directory's favorites and reviews do; Payload generates `set null` on these NOT NULL columns.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_review_reports_reason" AS ENUM('spam', 'offensive', 'fake', 'personal-data', 'other');
  CREATE TYPE "public"."enum_review_reports_status" AS ENUM('open', 'actioned', 'dismissed');
  CREATE TABLE "review_votes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"review_id" integer NOT NULL,
  	"user_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "review_reports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"review_id" integer NOT NULL,
  	"reporter_id" integer NOT NULL,
  	"reason" "enum_review_reports_reason" NOT NULL,
  	"comment" varchar,
  	"status" "enum_review_reports_status" DEFAULT 'open' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "reviews" ADD COLUMN "title" varchar;
  ALTER TABLE "reviews" ADD COLUMN "helpful_count" numeric DEFAULT 0;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "review_votes_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "review_reports_id" integer;
  ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "review_votes_review_idx" ON "review_votes" USING btree ("review_id");
  CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");
  CREATE INDEX "review_votes_updated_at_idx" ON "review_votes" USING btree ("updated_at");
  CREATE INDEX "review_votes_created_at_idx" ON "review_votes" USING btree ("created_at");
  CREATE UNIQUE INDEX "review_user_idx" ON "review_votes" USING btree ("review_id","user_id");
  CREATE INDEX "review_reports_review_idx" ON "review_reports" USING btree ("review_id");
  CREATE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("reporter_id");
  CREATE INDEX "review_reports_status_idx" ON "review_reports" USING btree ("status");
  CREATE INDEX "review_reports_updated_at_idx" ON "review_reports" USING btree ("updated_at");
  CREATE INDEX "review_reports_created_at_idx" ON "review_reports" USING btree ("created_at");
  CREATE UNIQUE INDEX "review_reporter_idx" ON "review_reports" USING btree ("review_id","reporter_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_review_votes_fk" FOREIGN KEY ("review_votes_id") REFERENCES "public"."review_votes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_review_reports_fk" FOREIGN KEY ("review_reports_id") REFERENCES "public"."review_reports"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "reviews_helpful_count_idx" ON "reviews" USING btree ("helpful_count");
  CREATE INDEX "payload_locked_documents_rels_review_votes_id_idx" ON "payload_locked_documents_rels" USING btree ("review_votes_id");
  CREATE INDEX "payload_locked_documents_rels_review_reports_id_idx" ON "payload_locked_documents_rels" USING btree ("review_reports_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "review_votes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "review_reports" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "review_votes" CASCADE;
  DROP TABLE "review_reports" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_review_votes_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_review_reports_fk";
  
  DROP INDEX "reviews_helpful_count_idx";
  DROP INDEX "payload_locked_documents_rels_review_votes_id_idx";
  DROP INDEX "payload_locked_documents_rels_review_reports_id_idx";
  ALTER TABLE "reviews" DROP COLUMN "title";
  ALTER TABLE "reviews" DROP COLUMN "helpful_count";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "review_votes_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "review_reports_id";
  DROP TYPE "public"."enum_review_reports_reason";
  DROP TYPE "public"."enum_review_reports_status";`)
}
