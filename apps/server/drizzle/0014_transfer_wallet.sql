CREATE TABLE "vendor_transfer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"request_id" text NOT NULL,
	"actor" text NOT NULL,
	"last_error" text,
	"resolved_by" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "vendor_transfer_amount_positive" CHECK ("vendor_transfer"."amount" > 0),
	CONSTRAINT "vendor_transfer_direction" CHECK ("vendor_transfer"."direction" IN ('in', 'out')),
	CONSTRAINT "vendor_transfer_status" CHECK ("vendor_transfer"."status" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "vendor_wallet" (
	"member_id" bigint NOT NULL,
	"vendor_code" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_wallet_member_id_vendor_code_pk" PRIMARY KEY("member_id","vendor_code")
);
--> statement-breakpoint
ALTER TABLE "provider_vendor" ADD COLUMN "transfer_api_url" text;--> statement-breakpoint
ALTER TABLE "provider_vendor" ADD COLUMN "auto_transfer_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_transfer" ADD CONSTRAINT "vendor_transfer_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_wallet" ADD CONSTRAINT "vendor_wallet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfer_public_id_key" ON "vendor_transfer" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfer_member_request_key" ON "vendor_transfer" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "vendor_transfer_member_idx" ON "vendor_transfer" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_transfer_pending_idx" ON "vendor_transfer" USING btree ("created_at") WHERE "vendor_transfer"."status" = 'pending';