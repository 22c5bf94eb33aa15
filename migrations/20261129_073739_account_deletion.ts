import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Generated, then edited by hand: a deleted account's tickets and chat messages stay, their author
// emptied (the generated keys of these two columns were "cascade" from earlier hand edits).

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_account_deletions_by" AS ENUM('self', 'admin');
  CREATE TYPE "public"."enum_account_deletions_role" AS ENUM('admin', 'editor', 'owner', 'marketplaceOperator', 'storeOperator', 'forumOperator', 'user');
  CREATE TABLE "account_deletions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"by" "enum_account_deletions_by" NOT NULL,
  	"admin_id" integer,
  	"role" "enum_account_deletions_role" NOT NULL,
  	"counts" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "tickets" ALTER COLUMN "author_id" DROP NOT NULL;
  ALTER TABLE "chat_messages" ALTER COLUMN "author_id" DROP NOT NULL;
  ALTER TABLE "tickets" DROP CONSTRAINT "tickets_author_id_users_id_fk";
  ALTER TABLE "tickets" ADD CONSTRAINT "tickets_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_author_id_users_id_fk";
  ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "account_deletions_id" integer;
  ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "account_deletions_admin_idx" ON "account_deletions" USING btree ("admin_id");
  CREATE INDEX "account_deletions_updated_at_idx" ON "account_deletions" USING btree ("updated_at");
  CREATE INDEX "account_deletions_created_at_idx" ON "account_deletions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_account_deletions_fk" FOREIGN KEY ("account_deletions_id") REFERENCES "public"."account_deletions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_account_deletions_id_idx" ON "payload_locked_documents_rels" USING btree ("account_deletions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "account_deletions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "account_deletions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_account_deletions_fk";
  
  DROP INDEX "payload_locked_documents_rels_account_deletions_id_idx";
  DELETE FROM "tickets" WHERE "author_id" IS NULL;
  DELETE FROM "chat_messages" WHERE "author_id" IS NULL;
  ALTER TABLE "tickets" ALTER COLUMN "author_id" SET NOT NULL;
  ALTER TABLE "chat_messages" ALTER COLUMN "author_id" SET NOT NULL;
  ALTER TABLE "tickets" DROP CONSTRAINT "tickets_author_id_users_id_fk";
  ALTER TABLE "tickets" ADD CONSTRAINT "tickets_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_author_id_users_id_fk";
  ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "account_deletions_id";
  DROP TYPE "public"."enum_account_deletions_by";
  DROP TYPE "public"."enum_account_deletions_role";`)
}
