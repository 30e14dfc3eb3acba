CREATE TABLE "loyalty_bet_accrual" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"valid_bet" bigint NOT NULL,
	CONSTRAINT "loyalty_bet_accrual_member_id_day_category_pk" PRIMARY KEY("member_id","day","category")
);
--> statement-breakpoint
CREATE TABLE "loyalty_deposit" (
	"reference" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"credited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_points_account" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "loyalty_points_balance_not_negative" CHECK ("loyalty_points_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_points_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"changed" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_points_entry_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rank" (
	"level" smallint PRIMARY KEY NOT NULL,
	"label_name" text NOT NULL,
	"color" text NOT NULL,
	"color2" text NOT NULL,
	"min_deposit" bigint NOT NULL,
	"min_valid_bet" bigint NOT NULL,
	"upgrade_gift" bigint NOT NULL,
	"monthly_gift" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_rank_gift" (
	"member_id" bigint NOT NULL,
	"gift_key" text NOT NULL,
	"level" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_rank_gift_member_id_gift_key_pk" PRIMARY KEY("member_id","gift_key")
);
--> statement-breakpoint
CREATE TABLE "mall_item" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text,
	"points" bigint NOT NULL,
	"bonus" bigint,
	"stock" integer NOT NULL,
	"per_member_limit" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mall_item_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "mall_item_stock_not_negative" CHECK ("mall_item"."stock" >= 0),
	CONSTRAINT "mall_item_kind" CHECK ("mall_item"."kind" IN ('physical', 'bonus')),
	CONSTRAINT "mall_item_points_positive" CHECK ("mall_item"."points" > 0 AND "mall_item"."per_member_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "mall_redeem" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"member_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "mall_redeem_reference_unique" UNIQUE("reference"),
	CONSTRAINT "mall_redeem_status" CHECK ("mall_redeem"."status" IN ('process', 'rejected', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "loyalty_bet_accrual" ADD CONSTRAINT "loyalty_bet_accrual_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_deposit" ADD CONSTRAINT "loyalty_deposit_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points_account" ADD CONSTRAINT "loyalty_points_account_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points_entry" ADD CONSTRAINT "loyalty_points_entry_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rank_gift" ADD CONSTRAINT "loyalty_rank_gift_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redeem" ADD CONSTRAINT "mall_redeem_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_redeem" ADD CONSTRAINT "mall_redeem_item_id_mall_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."mall_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_deposit_member_idx" ON "loyalty_deposit" USING btree ("member_id","credited_at");--> statement-breakpoint
CREATE INDEX "loyalty_points_entry_member_idx" ON "loyalty_points_entry" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "mall_redeem_member_idx" ON "mall_redeem" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "mall_redeem_item_member_idx" ON "mall_redeem" USING btree ("item_id","member_id");--> statement-breakpoint
CREATE INDEX "mall_redeem_status_idx" ON "mall_redeem" USING btree ("status","id");