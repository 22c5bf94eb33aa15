import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Exchangers' rates (issue 48): the currencies (a collection admins keep, filled here with the
// common codes of exchangers' feeds), an exchanger's feed address, and the fetcher's plain tables
// (src/server/sql/rates.ts), which no door of Payload's reaches: rates are written only by the
// fetcher (src/server/rates). A resource's rows go with it.

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_currencies_kind" AS ENUM('crypto', 'bank', 'payment', 'cash');
  CREATE TABLE "currencies" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"kind" "enum_currencies_kind" NOT NULL,
  	"unit" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "currencies_locales" (
  	"name" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "resources" ADD COLUMN "rates_feed" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "currencies_id" integer;
  ALTER TABLE "currencies_locales" ADD CONSTRAINT "currencies_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "currencies_code_idx" ON "currencies" USING btree ("code");
  CREATE INDEX "currencies_updated_at_idx" ON "currencies" USING btree ("updated_at");
  CREATE INDEX "currencies_created_at_idx" ON "currencies" USING btree ("created_at");
  CREATE UNIQUE INDEX "currencies_locales_locale_parent_id_unique" ON "currencies_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_currencies_fk" FOREIGN KEY ("currencies_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_currencies_id_idx" ON "payload_locked_documents_rels" USING btree ("currencies_id");`)
  await db.execute(sql`
   INSERT INTO "currencies" ("code", "unit", "kind") VALUES
    ('BTC', 'BTC', 'crypto'),
    ('ETH', 'ETH', 'crypto'),
    ('USDTTRC20', 'USDT', 'crypto'),
    ('USDTERC20', 'USDT', 'crypto'),
    ('USDCERC20', 'USDC', 'crypto'),
    ('LTC', 'LTC', 'crypto'),
    ('XMR', 'XMR', 'crypto'),
    ('TRX', 'TRX', 'crypto'),
    ('TON', 'TON', 'crypto'),
    ('BNB', 'BNB', 'crypto'),
    ('SOL', 'SOL', 'crypto'),
    ('DOGE', 'DOGE', 'crypto'),
    ('XRP', 'XRP', 'crypto'),
    ('BCH', 'BCH', 'crypto'),
    ('DASH', 'DASH', 'crypto'),
    ('ZEC', 'ZEC', 'crypto'),
    ('SBERRUB', 'RUB', 'bank'),
    ('TCSBRUB', 'RUB', 'bank'),
    ('ACRUB', 'RUB', 'bank'),
    ('VTBRUB', 'RUB', 'bank'),
    ('GPBRUB', 'RUB', 'bank'),
    ('RFBRUB', 'RUB', 'bank'),
    ('CARDRUB', 'RUB', 'bank'),
    ('CARDUSD', 'USD', 'bank'),
    ('CARDEUR', 'EUR', 'bank'),
    ('MONOBUAH', 'UAH', 'bank'),
    ('P24UAH', 'UAH', 'bank'),
    ('KASPIKZT', 'KZT', 'bank'),
    ('HALYKKZT', 'KZT', 'bank'),
    ('WIREUSD', 'USD', 'bank'),
    ('SBPRUB', 'RUB', 'payment'),
    ('YAMRUB', 'RUB', 'payment'),
    ('QWRUB', 'RUB', 'payment'),
    ('PMUSD', 'USD', 'payment'),
    ('PMEUR', 'EUR', 'payment'),
    ('PRUSD', 'USD', 'payment'),
    ('PRRUB', 'RUB', 'payment'),
    ('ADVCUSD', 'USD', 'payment'),
    ('ADVCRUB', 'RUB', 'payment'),
    ('PPUSD', 'USD', 'payment'),
    ('SKLUSD', 'USD', 'payment'),
    ('WISEUSD', 'USD', 'payment'),
    ('CASHRUB', 'RUB', 'cash'),
    ('CASHUSD', 'USD', 'cash'),
    ('CASHEUR', 'EUR', 'cash');
   INSERT INTO "currencies_locales" ("_parent_id", "_locale", "name")
   SELECT c.id, l.locale::"_locales", CASE l.locale WHEN 'ru' THEN n.ru ELSE n.en END
   FROM (VALUES
    ('BTC', 'Bitcoin', 'Bitcoin'),
    ('ETH', 'Ethereum', 'Ethereum'),
    ('USDTTRC20', 'Tether TRC20', 'Tether TRC20'),
    ('USDTERC20', 'Tether ERC20', 'Tether ERC20'),
    ('USDCERC20', 'USD Coin ERC20', 'USD Coin ERC20'),
    ('LTC', 'Litecoin', 'Litecoin'),
    ('XMR', 'Monero', 'Monero'),
    ('TRX', 'Tron', 'Tron'),
    ('TON', 'Toncoin', 'Toncoin'),
    ('BNB', 'BNB', 'BNB'),
    ('SOL', 'Solana', 'Solana'),
    ('DOGE', 'Dogecoin', 'Dogecoin'),
    ('XRP', 'Ripple', 'Ripple'),
    ('BCH', 'Bitcoin Cash', 'Bitcoin Cash'),
    ('DASH', 'Dash', 'Dash'),
    ('ZEC', 'Zcash', 'Zcash'),
    ('SBERRUB', 'Сбербанк', 'Sberbank'),
    ('TCSBRUB', 'Т-Банк', 'T-Bank'),
    ('ACRUB', 'Альфа-Банк', 'Alfa-Bank'),
    ('VTBRUB', 'ВТБ', 'VTB'),
    ('GPBRUB', 'Газпромбанк', 'Gazprombank'),
    ('RFBRUB', 'Райффайзенбанк', 'Raiffeisenbank'),
    ('CARDRUB', 'Любая карта RUB', 'Any card RUB'),
    ('CARDUSD', 'Visa/Mastercard USD', 'Visa/Mastercard USD'),
    ('CARDEUR', 'Visa/Mastercard EUR', 'Visa/Mastercard EUR'),
    ('MONOBUAH', 'Монобанк', 'Monobank'),
    ('P24UAH', 'Приват24', 'Privat24'),
    ('KASPIKZT', 'Kaspi Bank', 'Kaspi Bank'),
    ('HALYKKZT', 'Halyk Bank', 'Halyk Bank'),
    ('WIREUSD', 'Банковский перевод USD', 'Bank wire USD'),
    ('SBPRUB', 'СБП', 'Faster Payments (SBP)'),
    ('YAMRUB', 'ЮMoney', 'YooMoney'),
    ('QWRUB', 'QIWI RUB', 'QIWI RUB'),
    ('PMUSD', 'Perfect Money USD', 'Perfect Money USD'),
    ('PMEUR', 'Perfect Money EUR', 'Perfect Money EUR'),
    ('PRUSD', 'Payeer USD', 'Payeer USD'),
    ('PRRUB', 'Payeer RUB', 'Payeer RUB'),
    ('ADVCUSD', 'AdvCash USD', 'AdvCash USD'),
    ('ADVCRUB', 'AdvCash RUB', 'AdvCash RUB'),
    ('PPUSD', 'PayPal USD', 'PayPal USD'),
    ('SKLUSD', 'Skrill USD', 'Skrill USD'),
    ('WISEUSD', 'Wise USD', 'Wise USD'),
    ('CASHRUB', 'Наличные RUB', 'Cash RUB'),
    ('CASHUSD', 'Наличные USD', 'Cash USD'),
    ('CASHEUR', 'Наличные EUR', 'Cash EUR')
   ) AS n(code, ru, en)
   JOIN "currencies" c ON c.code = n.code
   CROSS JOIN (VALUES ('ru'), ('en')) AS l(locale);`)
  await db.execute(sql`
   -- Each exchanger's current offers, one per direction: give rate_in of from_code, get rate_out
   -- of to_code; reserve in to_code, the limits in from_code. Replaced whole by each fetch.
   CREATE TABLE "exchange_rates" (
    "resource_id" integer NOT NULL REFERENCES "public"."resources"("id") ON DELETE CASCADE,
    "from_code" text NOT NULL,
    "to_code" text NOT NULL,
    "rate_in" numeric NOT NULL CHECK ("rate_in" > 0),
    "rate_out" numeric NOT NULL CHECK ("rate_out" > 0),
    "rate" numeric GENERATED ALWAYS AS ("rate_out" / "rate_in") STORED,
    "reserve" numeric NOT NULL CHECK ("reserve" >= 0),
    "min_amount" numeric CHECK ("min_amount" >= 0),
    "max_amount" numeric CHECK ("max_amount" > 0),
    "updated_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    PRIMARY KEY ("resource_id", "from_code", "to_code"),
    CHECK ("from_code" <> "to_code"),
    CHECK ("min_amount" IS NULL OR "max_amount" IS NULL OR "min_amount" <= "max_amount")
   );
   -- A direction's offers, best first.
   CREATE INDEX "exchange_rates_direction_idx" ON "exchange_rates" ("from_code", "to_code", "rate" DESC);
   -- Each exchanger's feed as last fetched: what the owner's health panel shows and what the
   -- conditional requests send. fresh_at: the feed last answered with valid rates (a 200 or a
   -- 304); older than RATES_STALE_SECONDS, its rates are stale and out of the best offers.
   CREATE TABLE "rate_feeds" (
    "resource_id" integer PRIMARY KEY REFERENCES "public"."resources"("id") ON DELETE CASCADE,
    "url" text NOT NULL,
    "etag" text,
    "last_modified" text,
    "body_hash" text,
    "fetched_at" timestamp(3) with time zone,
    "fresh_at" timestamp(3) with time zone,
    "changed_at" timestamp(3) with time zone,
    "ok" boolean NOT NULL DEFAULT false,
    "error" text,
    "http_status" integer,
    "ms" integer,
    "bytes" integer,
    "accepted" integer NOT NULL DEFAULT 0,
    "refused" integer NOT NULL DEFAULT 0,
    "refusals" jsonb NOT NULL DEFAULT '[]'::jsonb
   );
   -- Each direction's hour, kept 90 days: the best fresh rate, the median, how many offered it
   -- and their whole reserve.
   CREATE TABLE "exchange_rate_history" (
    "from_code" text NOT NULL,
    "to_code" text NOT NULL,
    "hour" timestamp(3) with time zone NOT NULL,
    "best_rate" numeric NOT NULL,
    "median_rate" numeric NOT NULL,
    "offers" integer NOT NULL,
    "reserve" numeric NOT NULL,
    PRIMARY KEY ("from_code", "to_code", "hour")
   );
   CREATE INDEX "exchange_rate_history_hour_idx" ON "exchange_rate_history" ("hour");
   -- The fetcher's lease: the one cycle that may fetch now, until when.
   CREATE TABLE "rate_fetch_lease" (
    "id" smallint PRIMARY KEY CHECK ("id" = 1),
    "holder" text NOT NULL,
    "until" timestamp(3) with time zone NOT NULL
   );`)
}


export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "rate_fetch_lease";
   DROP TABLE "exchange_rate_history";
   DROP TABLE "rate_feeds";
   DROP TABLE "exchange_rates";
   ALTER TABLE "currencies" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "currencies_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "currencies" CASCADE;
  DROP TABLE "currencies_locales" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_currencies_fk";
  
  DROP INDEX "payload_locked_documents_rels_currencies_id_idx";
  ALTER TABLE "resources" DROP COLUMN "rates_feed";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "currencies_id";
  DROP TYPE "public"."enum_currencies_kind";`)
}
