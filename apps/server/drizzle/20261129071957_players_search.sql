CREATE TABLE "player_note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_note_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE INDEX "player_note_member_idx" ON "player_note" USING btree ("member_id","id");--> statement-breakpoint
ALTER TABLE "player_note" ADD CONSTRAINT "player_note_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The back office's player search (issue 27), written by hand: these indexes sit on other modules' tables,
-- so the players module's schema cannot declare them; drizzle-kit does not track them. Prefix searches use
-- text_pattern_ops (LIKE 'q%' under any collation); substring searches use trigrams (pg_trgm, migration 0010).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_account_prefix_idx" ON "member" ("account" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_username_prefix_idx" ON "member" (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_username_trgm_idx" ON "member" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_mobile_prefix_idx" ON "member" ("mobile" text_pattern_ops) WHERE "mobile" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_email_prefix_idx" ON "member" (lower("email") text_pattern_ops) WHERE "email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_email_trgm_idx" ON "member" USING gin (lower("email") gin_trgm_ops) WHERE "email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_payee_name_prefix_idx" ON "member" (lower("payee_name") text_pattern_ops) WHERE "payee_name" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_payee_name_trgm_idx" ON "member" USING gin (lower("payee_name") gin_trgm_ops) WHERE "payee_name" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_register_ip_idx" ON "member" ("register_ip") WHERE "register_ip" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_bank_account_number_idx" ON "member_bank_account" ("account_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_session_ip_idx" ON "member_session" ("ip", "member_id") WHERE "ip" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_session_device_idx" ON "member_session" (left(md5("user_agent"), 16), "member_id") WHERE "user_agent" IS NOT NULL;
