import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hand-edited: a resource's invitations go with it (ON DELETE cascade, as its signed mirror lists);
// Payload generates `set null` for a required relationship, which its NOT NULL would refuse.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_review_invitations_kind" AS ENUM('email', 'link');
  CREATE TYPE "public"."enum_review_invitations_locale" AS ENUM('ru', 'en');
  CREATE TABLE "review_invitations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"resource_id" integer NOT NULL,
  	"kind" "enum_review_invitations_kind" NOT NULL,
  	"locale" "enum_review_invitations_locale",
  	"created_by_id" integer,
  	"token_hash" varchar NOT NULL,
  	"address_hash" varchar,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"opened_at" timestamp(3) with time zone,
  	"used_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "invitation_opt_outs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"address_hash" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "reviews" ADD COLUMN "invited" boolean DEFAULT false;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "review_invitations_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "invitation_opt_outs_id" integer;
  ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "review_invitations_resource_idx" ON "review_invitations" USING btree ("resource_id");
  CREATE INDEX "review_invitations_created_by_idx" ON "review_invitations" USING btree ("created_by_id");
  CREATE UNIQUE INDEX "review_invitations_token_hash_idx" ON "review_invitations" USING btree ("token_hash");
  CREATE INDEX "review_invitations_updated_at_idx" ON "review_invitations" USING btree ("updated_at");
  CREATE INDEX "review_invitations_created_at_idx" ON "review_invitations" USING btree ("created_at");
  CREATE UNIQUE INDEX "resource_addressHash_idx" ON "review_invitations" USING btree ("resource_id","address_hash");
  CREATE UNIQUE INDEX "invitation_opt_outs_address_hash_idx" ON "invitation_opt_outs" USING btree ("address_hash");
  CREATE INDEX "invitation_opt_outs_updated_at_idx" ON "invitation_opt_outs" USING btree ("updated_at");
  CREATE INDEX "invitation_opt_outs_created_at_idx" ON "invitation_opt_outs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_review_invitations_fk" FOREIGN KEY ("review_invitations_id") REFERENCES "public"."review_invitations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_invitation_opt_outs_fk" FOREIGN KEY ("invitation_opt_outs_id") REFERENCES "public"."invitation_opt_outs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_review_invitations_id_idx" ON "payload_locked_documents_rels" USING btree ("review_invitations_id");
  CREATE INDEX "payload_locked_documents_rels_invitation_opt_outs_id_idx" ON "payload_locked_documents_rels" USING btree ("invitation_opt_outs_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "review_invitations" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "invitation_opt_outs" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "review_invitations" CASCADE;
  DROP TABLE "invitation_opt_outs" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_review_invitations_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_invitation_opt_outs_fk";
  
  DROP INDEX "payload_locked_documents_rels_review_invitations_id_idx";
  DROP INDEX "payload_locked_documents_rels_invitation_opt_outs_id_idx";
  ALTER TABLE "reviews" DROP COLUMN "invited";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "review_invitations_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "invitation_opt_outs_id";
  DROP TYPE "public"."enum_review_invitations_kind";
  DROP TYPE "public"."enum_review_invitations_locale";`)
}
