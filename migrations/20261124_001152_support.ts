import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tickets_status" AS ENUM('open', 'answered', 'closed');
  CREATE TYPE "public"."enum_verification_requests_history_status" AS ENUM('sent', 'awaitingReview', 'approved', 'rejected', 'revoked');
  CREATE TYPE "public"."enum_verification_requests_status" AS ENUM('sent', 'awaitingReview', 'approved', 'rejected', 'revoked');
  CREATE TYPE "public"."enum_verification_requests_resource_type" AS ENUM('marketplace', 'shop', 'forum', 'exchanger');
  CREATE TABLE "tickets" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"subject" varchar NOT NULL,
  	"author_id" integer NOT NULL,
  	"status" "enum_tickets_status" DEFAULT 'open' NOT NULL,
  	"unread_by_author" boolean DEFAULT false,
  	"waiting_since" timestamp(3) with time zone,
  	"last_message_at" timestamp(3) with time zone,
  	"closed_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "ticket_messages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"ticket_id" integer NOT NULL,
  	"body" varchar NOT NULL,
  	"author_id" integer,
  	"from_support" boolean DEFAULT false,
  	"ticket_author_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "ticket_messages_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"attachments_id" integer
  );
  
  CREATE TABLE "verification_requests_history" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"status" "enum_verification_requests_history_status" NOT NULL,
  	"by_id" integer,
  	"at" timestamp(3) with time zone NOT NULL,
  	"answer" varchar
  );
  
  CREATE TABLE "verification_requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"resource_id" integer NOT NULL,
  	"message" varchar NOT NULL,
  	"status" "enum_verification_requests_status" DEFAULT 'sent' NOT NULL,
  	"answer" varchar,
  	"resource_type" "enum_verification_requests_resource_type",
  	"requester_id" integer,
  	"owner_id" integer,
  	"decided_by_id" integer,
  	"decided_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "verification_requests_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"attachments_id" integer
  );
  
  CREATE TABLE "attachments_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "tickets_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "ticket_messages_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "verification_requests_id" integer;
  ALTER TABLE "tickets" ADD CONSTRAINT "tickets_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_author_id_users_id_fk" FOREIGN KEY ("ticket_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ticket_messages_rels" ADD CONSTRAINT "ticket_messages_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ticket_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "ticket_messages_rels" ADD CONSTRAINT "ticket_messages_rels_attachments_fk" FOREIGN KEY ("attachments_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "verification_requests_history" ADD CONSTRAINT "verification_requests_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "verification_requests_history" ADD CONSTRAINT "verification_requests_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."verification_requests"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "verification_requests_rels" ADD CONSTRAINT "verification_requests_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."verification_requests"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "verification_requests_rels" ADD CONSTRAINT "verification_requests_rels_attachments_fk" FOREIGN KEY ("attachments_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "attachments_rels" ADD CONSTRAINT "attachments_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "attachments_rels" ADD CONSTRAINT "attachments_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "tickets_author_idx" ON "tickets" USING btree ("author_id");
  CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status");
  CREATE INDEX "tickets_waiting_since_idx" ON "tickets" USING btree ("waiting_since");
  CREATE INDEX "tickets_updated_at_idx" ON "tickets" USING btree ("updated_at");
  CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at");
  CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id");
  CREATE INDEX "ticket_messages_author_idx" ON "ticket_messages" USING btree ("author_id");
  CREATE INDEX "ticket_messages_ticket_author_idx" ON "ticket_messages" USING btree ("ticket_author_id");
  CREATE INDEX "ticket_messages_updated_at_idx" ON "ticket_messages" USING btree ("updated_at");
  CREATE INDEX "ticket_messages_created_at_idx" ON "ticket_messages" USING btree ("created_at");
  CREATE INDEX "ticket_messages_rels_order_idx" ON "ticket_messages_rels" USING btree ("order");
  CREATE INDEX "ticket_messages_rels_parent_idx" ON "ticket_messages_rels" USING btree ("parent_id");
  CREATE INDEX "ticket_messages_rels_path_idx" ON "ticket_messages_rels" USING btree ("path");
  CREATE INDEX "ticket_messages_rels_attachments_id_idx" ON "ticket_messages_rels" USING btree ("attachments_id");
  CREATE INDEX "verification_requests_history_order_idx" ON "verification_requests_history" USING btree ("_order");
  CREATE INDEX "verification_requests_history_parent_id_idx" ON "verification_requests_history" USING btree ("_parent_id");
  CREATE INDEX "verification_requests_history_by_idx" ON "verification_requests_history" USING btree ("by_id");
  CREATE INDEX "verification_requests_resource_idx" ON "verification_requests" USING btree ("resource_id");
  CREATE INDEX "verification_requests_status_idx" ON "verification_requests" USING btree ("status");
  CREATE INDEX "verification_requests_resource_type_idx" ON "verification_requests" USING btree ("resource_type");
  CREATE INDEX "verification_requests_requester_idx" ON "verification_requests" USING btree ("requester_id");
  CREATE INDEX "verification_requests_owner_idx" ON "verification_requests" USING btree ("owner_id");
  CREATE INDEX "verification_requests_decided_by_idx" ON "verification_requests" USING btree ("decided_by_id");
  CREATE INDEX "verification_requests_updated_at_idx" ON "verification_requests" USING btree ("updated_at");
  CREATE INDEX "verification_requests_created_at_idx" ON "verification_requests" USING btree ("created_at");
  CREATE INDEX "verification_requests_rels_order_idx" ON "verification_requests_rels" USING btree ("order");
  CREATE INDEX "verification_requests_rels_parent_idx" ON "verification_requests_rels" USING btree ("parent_id");
  CREATE INDEX "verification_requests_rels_path_idx" ON "verification_requests_rels" USING btree ("path");
  CREATE INDEX "verification_requests_rels_attachments_id_idx" ON "verification_requests_rels" USING btree ("attachments_id");
  CREATE INDEX "attachments_rels_order_idx" ON "attachments_rels" USING btree ("order");
  CREATE INDEX "attachments_rels_parent_idx" ON "attachments_rels" USING btree ("parent_id");
  CREATE INDEX "attachments_rels_path_idx" ON "attachments_rels" USING btree ("path");
  CREATE INDEX "attachments_rels_users_id_idx" ON "attachments_rels" USING btree ("users_id");
  -- Hand-written: a resource has at most one waiting (sent or under review) verification request,
  -- whatever races past the collection's own check. A ticket's messages, a user's tickets and a
  -- resource's requests go with them (the JSON snapshot keeps Payload's 'set null').
  CREATE UNIQUE INDEX "verification_requests_one_waiting" ON "verification_requests" USING btree ("resource_id") WHERE "status" IN ('sent', 'awaitingReview');
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_tickets_fk" FOREIGN KEY ("tickets_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_ticket_messages_fk" FOREIGN KEY ("ticket_messages_id") REFERENCES "public"."ticket_messages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_verification_requests_fk" FOREIGN KEY ("verification_requests_id") REFERENCES "public"."verification_requests"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_tickets_id_idx" ON "payload_locked_documents_rels" USING btree ("tickets_id");
  CREATE INDEX "payload_locked_documents_rels_ticket_messages_id_idx" ON "payload_locked_documents_rels" USING btree ("ticket_messages_id");
  CREATE INDEX "payload_locked_documents_rels_verification_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("verification_requests_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tickets" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "ticket_messages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "ticket_messages_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "verification_requests_history" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "verification_requests" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "verification_requests_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "attachments_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "tickets" CASCADE;
  DROP TABLE "ticket_messages" CASCADE;
  DROP TABLE "ticket_messages_rels" CASCADE;
  DROP TABLE "verification_requests_history" CASCADE;
  DROP TABLE "verification_requests" CASCADE;
  DROP TABLE "verification_requests_rels" CASCADE;
  DROP TABLE "attachments_rels" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_tickets_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_ticket_messages_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_verification_requests_fk";
  
  DROP INDEX "payload_locked_documents_rels_tickets_id_idx";
  DROP INDEX "payload_locked_documents_rels_ticket_messages_id_idx";
  DROP INDEX "payload_locked_documents_rels_verification_requests_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "tickets_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "ticket_messages_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "verification_requests_id";
  DROP TYPE "public"."enum_tickets_status";
  DROP TYPE "public"."enum_verification_requests_history_status";
  DROP TYPE "public"."enum_verification_requests_status";
  DROP TYPE "public"."enum_verification_requests_resource_type";`)
}
