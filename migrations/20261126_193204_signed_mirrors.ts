import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "signed_mirror_lists" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"resource_id" integer NOT NULL,
  	"message" varchar NOT NULL,
  	"signed_at" timestamp(3) with time zone,
  	"fingerprint" varchar,
  	"addresses" jsonb,
  	"added_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "resources" ADD COLUMN "pgp_key" varchar;
  ALTER TABLE "resources" ADD COLUMN "pgp_fingerprint" varchar;
  ALTER TABLE "resources" ADD COLUMN "pending_pgp_key" varchar;
  ALTER TABLE "resources" ADD COLUMN "pending_pgp_fingerprint" varchar;
  ALTER TABLE "resources" ADD COLUMN "pending_pgp_key_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "signed_mirror_lists_id" integer;
  ALTER TABLE "signed_mirror_lists" ADD CONSTRAINT "signed_mirror_lists_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "signed_mirror_lists" ADD CONSTRAINT "signed_mirror_lists_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "signed_mirror_lists_resource_idx" ON "signed_mirror_lists" USING btree ("resource_id");
  CREATE INDEX "signed_mirror_lists_signed_at_idx" ON "signed_mirror_lists" USING btree ("signed_at");
  CREATE INDEX "signed_mirror_lists_added_by_idx" ON "signed_mirror_lists" USING btree ("added_by_id");
  CREATE INDEX "signed_mirror_lists_updated_at_idx" ON "signed_mirror_lists" USING btree ("updated_at");
  CREATE INDEX "signed_mirror_lists_created_at_idx" ON "signed_mirror_lists" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_signed_mirror_lists_fk" FOREIGN KEY ("signed_mirror_lists_id") REFERENCES "public"."signed_mirror_lists"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_signed_mirror_lists_id_idx" ON "payload_locked_documents_rels" USING btree ("signed_mirror_lists_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "signed_mirror_lists" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "signed_mirror_lists" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_signed_mirror_lists_fk";
  
  DROP INDEX "payload_locked_documents_rels_signed_mirror_lists_id_idx";
  ALTER TABLE "resources" DROP COLUMN "pgp_key";
  ALTER TABLE "resources" DROP COLUMN "pgp_fingerprint";
  ALTER TABLE "resources" DROP COLUMN "pending_pgp_key";
  ALTER TABLE "resources" DROP COLUMN "pending_pgp_fingerprint";
  ALTER TABLE "resources" DROP COLUMN "pending_pgp_key_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "signed_mirror_lists_id";`)
}
