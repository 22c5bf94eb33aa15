import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // Attempt counters of src/server/rateLimit.ts (rate-limiter-flexible's table layout).
  await db.execute(sql`
   CREATE TABLE IF NOT EXISTS "rate_limits" (
    "key" varchar(255) PRIMARY KEY,
    "points" integer NOT NULL DEFAULT 0,
    "expire" bigint
   );`)
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_two_factor" AS ENUM('none', 'pgp', 'totp');
  CREATE TYPE "public"."enum_users_auth_provider" AS ENUM('email', 'google');
  CREATE TYPE "public"."enum_auth_challenges_purpose" AS ENUM('email-verification', 'login', 'pgp-setup', 'pgp-confirm');
  CREATE TYPE "public"."enum_auth_challenges_method" AS ENUM('pgp', 'totp', 'email');
  CREATE TABLE "auth_challenges" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"purpose" "enum_auth_challenges_purpose" NOT NULL,
  	"code_hash" varchar,
  	"method" "enum_auth_challenges_method",
  	"ticket_hash" varchar,
  	"public_key" varchar,
  	"message" varchar,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"attempts" numeric DEFAULT 0 NOT NULL,
  	"used_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "display_name_changed_at" timestamp(3) with time zone;
  ALTER TABLE "users" ADD COLUMN "two_factor" "enum_users_two_factor" DEFAULT 'none' NOT NULL;
  ALTER TABLE "users" ADD COLUMN "pgp_public_key" varchar;
  ALTER TABLE "users" ADD COLUMN "totp_secret" varchar;
  ALTER TABLE "users" ADD COLUMN "totp_pending_secret" varchar;
  ALTER TABLE "users" ADD COLUMN "totp_last_step" numeric;
  ALTER TABLE "users" ADD COLUMN "auth_provider" "enum_users_auth_provider" DEFAULT 'email' NOT NULL;
  ALTER TABLE "users" ADD COLUMN "google_subject" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "auth_challenges_id" integer;
  ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "auth_challenges_user_idx" ON "auth_challenges" USING btree ("user_id");
  CREATE INDEX "auth_challenges_ticket_hash_idx" ON "auth_challenges" USING btree ("ticket_hash");
  CREATE INDEX "auth_challenges_expires_at_idx" ON "auth_challenges" USING btree ("expires_at");
  CREATE INDEX "auth_challenges_updated_at_idx" ON "auth_challenges" USING btree ("updated_at");
  CREATE INDEX "auth_challenges_created_at_idx" ON "auth_challenges" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_auth_challenges_fk" FOREIGN KEY ("auth_challenges_id") REFERENCES "public"."auth_challenges"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "users_google_subject_idx" ON "users" USING btree ("google_subject");
  CREATE INDEX "payload_locked_documents_rels_auth_challenges_id_idx" ON "payload_locked_documents_rels" USING btree ("auth_challenges_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "rate_limits";`)
  await db.execute(sql`
   ALTER TABLE "auth_challenges" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "auth_challenges" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_auth_challenges_fk";
  
  DROP INDEX "users_google_subject_idx";
  DROP INDEX "payload_locked_documents_rels_auth_challenges_id_idx";
  ALTER TABLE "users" DROP COLUMN "display_name_changed_at";
  ALTER TABLE "users" DROP COLUMN "two_factor";
  ALTER TABLE "users" DROP COLUMN "pgp_public_key";
  ALTER TABLE "users" DROP COLUMN "totp_secret";
  ALTER TABLE "users" DROP COLUMN "totp_pending_secret";
  ALTER TABLE "users" DROP COLUMN "totp_last_step";
  ALTER TABLE "users" DROP COLUMN "auth_provider";
  ALTER TABLE "users" DROP COLUMN "google_subject";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "auth_challenges_id";
  DROP TYPE "public"."enum_users_two_factor";
  DROP TYPE "public"."enum_users_auth_provider";
  DROP TYPE "public"."enum_auth_challenges_purpose";
  DROP TYPE "public"."enum_auth_challenges_method";`)
}
