import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_user_blocks_scope" AS ENUM('site', 'chat');
  CREATE TYPE "public"."enum_user_blocks_action" AS ENUM('block', 'unblock');
  CREATE TABLE "user_blocks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer,
  	"login" varchar,
  	"scope" "enum_user_blocks_scope" NOT NULL,
  	"action" "enum_user_blocks_action" NOT NULL,
  	"reason" varchar,
  	"by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "chat_blocked" boolean DEFAULT false;
  ALTER TABLE "users" ADD COLUMN "block_reason" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "user_blocks_id" integer;
  ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "user_blocks_user_idx" ON "user_blocks" USING btree ("user_id");
  CREATE INDEX "user_blocks_by_idx" ON "user_blocks" USING btree ("by_id");
  CREATE INDEX "user_blocks_updated_at_idx" ON "user_blocks" USING btree ("updated_at");
  CREATE INDEX "user_blocks_created_at_idx" ON "user_blocks" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_user_blocks_fk" FOREIGN KEY ("user_blocks_id") REFERENCES "public"."user_blocks"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_chat_blocked_idx" ON "users" USING btree ("chat_blocked");
  CREATE INDEX "payload_locked_documents_rels_user_blocks_id_idx" ON "payload_locked_documents_rels" USING btree ("user_blocks_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "user_blocks" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "user_blocks" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_user_blocks_fk";
  
  DROP INDEX "users_chat_blocked_idx";
  DROP INDEX "payload_locked_documents_rels_user_blocks_id_idx";
  ALTER TABLE "users" DROP COLUMN "chat_blocked";
  ALTER TABLE "users" DROP COLUMN "block_reason";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "user_blocks_id";
  DROP TYPE "public"."enum_user_blocks_scope";
  DROP TYPE "public"."enum_user_blocks_action";`)
}
