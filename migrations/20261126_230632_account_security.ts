import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // By hand: an account's sessions' details, security log and backup codes go with the account
  // (ON DELETE cascade; Payload writes set null, which a required user would refuse).
  await db.execute(sql`
   CREATE TYPE "public"."enum_security_events_kind" AS ENUM('sign-in', 'sign-in-failed', 'second-factor-failed', 'new-browser', 'sessions-ended', 'second-factor-on', 'second-factor-off', 'second-factor-changed', 'password-changed', 'password-reset', 'email-changed', 'backup-codes-generated', 'backup-code-used');
  CREATE TABLE "session_details" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"sid" varchar NOT NULL,
  	"user_id" integer NOT NULL,
  	"browser" varchar,
  	"os" varchar,
  	"device_type" varchar,
  	"device_model" varchar,
  	"device_key" varchar,
  	"address" varchar,
  	"last_seen_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "security_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"kind" "enum_security_events_kind" NOT NULL,
  	"address" varchar,
  	"device" varchar,
  	"detail" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "backup_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"code_hash" varchar NOT NULL,
  	"salt" varchar NOT NULL,
  	"used_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "session_details_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "security_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "backup_codes_id" integer;
  ALTER TABLE "session_details" ADD CONSTRAINT "session_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "backup_codes" ADD CONSTRAINT "backup_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "session_details_sid_idx" ON "session_details" USING btree ("sid");
  CREATE INDEX "session_details_user_idx" ON "session_details" USING btree ("user_id");
  CREATE INDEX "session_details_device_key_idx" ON "session_details" USING btree ("device_key");
  CREATE INDEX "session_details_updated_at_idx" ON "session_details" USING btree ("updated_at");
  CREATE INDEX "session_details_created_at_idx" ON "session_details" USING btree ("created_at");
  CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id");
  CREATE INDEX "security_events_updated_at_idx" ON "security_events" USING btree ("updated_at");
  CREATE INDEX "security_events_created_at_idx" ON "security_events" USING btree ("created_at");
  CREATE INDEX "backup_codes_user_idx" ON "backup_codes" USING btree ("user_id");
  CREATE INDEX "backup_codes_updated_at_idx" ON "backup_codes" USING btree ("updated_at");
  CREATE INDEX "backup_codes_created_at_idx" ON "backup_codes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_session_details_fk" FOREIGN KEY ("session_details_id") REFERENCES "public"."session_details"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_security_events_fk" FOREIGN KEY ("security_events_id") REFERENCES "public"."security_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_backup_codes_fk" FOREIGN KEY ("backup_codes_id") REFERENCES "public"."backup_codes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_session_details_id_idx" ON "payload_locked_documents_rels" USING btree ("session_details_id");
  CREATE INDEX "payload_locked_documents_rels_security_events_id_idx" ON "payload_locked_documents_rels" USING btree ("security_events_id");
  CREATE INDEX "payload_locked_documents_rels_backup_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("backup_codes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "session_details" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "security_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "backup_codes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "session_details" CASCADE;
  DROP TABLE "security_events" CASCADE;
  DROP TABLE "backup_codes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_session_details_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_security_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_backup_codes_fk";
  
  DROP INDEX "payload_locked_documents_rels_session_details_id_idx";
  DROP INDEX "payload_locked_documents_rels_security_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_backup_codes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "session_details_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "security_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "backup_codes_id";
  DROP TYPE "public"."enum_security_events_kind";`)
}
