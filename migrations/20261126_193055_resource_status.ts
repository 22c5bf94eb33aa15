import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_resources_public_status" AS ENUM('none', 'warning', 'scam', 'closed', 'offline');
  CREATE TYPE "public"."enum_resource_status_changes_from" AS ENUM('none', 'warning', 'scam', 'closed', 'offline');
  CREATE TYPE "public"."enum_resource_status_changes_to" AS ENUM('none', 'warning', 'scam', 'closed', 'offline');
  CREATE TABLE "resource_status_changes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"resource_id" integer,
  	"from" "enum_resource_status_changes_from" NOT NULL,
  	"to" "enum_resource_status_changes_to" NOT NULL,
  	"changed_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "resource_status_changes_locales" (
  	"reason" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "resources" ADD COLUMN "public_status" "enum_resources_public_status" DEFAULT 'none';
  ALTER TABLE "resources" ADD COLUMN "public_status_at" timestamp(3) with time zone;
  ALTER TABLE "resources_locales" ADD COLUMN "public_status_reason" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "resource_status_changes_id" integer;
  ALTER TABLE "resource_status_changes" ADD CONSTRAINT "resource_status_changes_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "resource_status_changes" ADD CONSTRAINT "resource_status_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "resource_status_changes_locales" ADD CONSTRAINT "resource_status_changes_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."resource_status_changes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "resource_status_changes_resource_idx" ON "resource_status_changes" USING btree ("resource_id");
  CREATE INDEX "resource_status_changes_to_idx" ON "resource_status_changes" USING btree ("to");
  CREATE INDEX "resource_status_changes_changed_by_idx" ON "resource_status_changes" USING btree ("changed_by_id");
  CREATE INDEX "resource_status_changes_updated_at_idx" ON "resource_status_changes" USING btree ("updated_at");
  CREATE INDEX "resource_status_changes_created_at_idx" ON "resource_status_changes" USING btree ("created_at");
  CREATE UNIQUE INDEX "resource_status_changes_locales_locale_parent_id_unique" ON "resource_status_changes_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_resource_status_changes_fk" FOREIGN KEY ("resource_status_changes_id") REFERENCES "public"."resource_status_changes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "resources_public_status_idx" ON "resources" USING btree ("public_status");
  CREATE INDEX "payload_locked_documents_rels_resource_status_changes_id_idx" ON "payload_locked_documents_rels" USING btree ("resource_status_changes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "resource_status_changes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "resource_status_changes_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "resource_status_changes" CASCADE;
  DROP TABLE "resource_status_changes_locales" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_resource_status_changes_fk";
  
  DROP INDEX "resources_public_status_idx";
  DROP INDEX "payload_locked_documents_rels_resource_status_changes_id_idx";
  ALTER TABLE "resources" DROP COLUMN "public_status";
  ALTER TABLE "resources" DROP COLUMN "public_status_at";
  ALTER TABLE "resources_locales" DROP COLUMN "public_status_reason";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "resource_status_changes_id";
  DROP TYPE "public"."enum_resources_public_status";
  DROP TYPE "public"."enum_resource_status_changes_from";
  DROP TYPE "public"."enum_resource_status_changes_to";`)
}
