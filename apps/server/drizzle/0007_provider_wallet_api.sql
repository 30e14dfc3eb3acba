CREATE TABLE "provider_launch_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_request" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_round" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"ledger_currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bet_total" bigint DEFAULT 0 NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"refund_total" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text
);
--> statement-breakpoint
CREATE TABLE "provider_transaction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"member_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"reference_uuid" text,
	"game_code" text NOT NULL,
	"amount" bigint,
	"is_free" boolean DEFAULT false NOT NULL,
	"win_kind" text,
	"request_uuid" text NOT NULL,
	"ledger_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_vendor" (
	"vendor_code" text PRIMARY KEY NOT NULL,
	"wallet_model" text DEFAULT 'seamless' NOT NULL,
	"currency" text NOT NULL,
	"signing_secret" text NOT NULL,
	"allow_demo" boolean DEFAULT false NOT NULL,
	"round_timeout_seconds" integer DEFAULT 3600 NOT NULL,
	"round_timeout_rule" text DEFAULT 'lost' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_launch_token" ADD CONSTRAINT "provider_launch_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_round" ADD CONSTRAINT "provider_round_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transaction" ADD CONSTRAINT "provider_transaction_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_launch_token_expires_idx" ON "provider_launch_token" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_round_vendor_round_key" ON "provider_round" USING btree ("vendor_code","round_id");--> statement-breakpoint
CREATE INDEX "provider_round_open_idx" ON "provider_round" USING btree ("vendor_code","last_activity_at") WHERE "provider_round"."status" = 'open';--> statement-breakpoint
CREATE INDEX "provider_round_member_idx" ON "provider_round" USING btree ("member_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transaction_vendor_uuid_key" ON "provider_transaction" USING btree ("vendor_code","transaction_uuid");--> statement-breakpoint
CREATE INDEX "provider_transaction_reference_idx" ON "provider_transaction" USING btree ("vendor_code","reference_uuid") WHERE "provider_transaction"."reference_uuid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_transaction_round_idx" ON "provider_transaction" USING btree ("vendor_code","round_id");--> statement-breakpoint
CREATE INDEX "provider_transaction_created_idx" ON "provider_transaction" USING btree ("created_at");