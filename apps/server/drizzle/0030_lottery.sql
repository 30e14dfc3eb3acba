CREATE TABLE "lottery_bet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"period_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"request_id" text NOT NULL,
	"slip_index" smallint NOT NULL,
	"bet_type" text NOT NULL,
	"selection" text NOT NULL,
	"odds" integer NOT NULL,
	"units" integer NOT NULL,
	"stake" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"exposure_key" text NOT NULL,
	"status" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bet_stake_positive" CHECK ("lottery_bet"."stake" > 0 AND "lottery_bet"."units" >= 1),
	CONSTRAINT "lottery_bet_status" CHECK ("lottery_bet"."status" IN ('pending', 'win', 'lose', 'tie', 'cancelled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "lottery_exposure" (
	"period_id" bigint NOT NULL,
	"exposure_key" text NOT NULL,
	"bet_count" integer NOT NULL,
	"stake_total" bigint NOT NULL,
	"potential_payout" bigint NOT NULL,
	CONSTRAINT "lottery_exposure_period_id_exposure_key_pk" PRIMARY KEY("period_id","exposure_key")
);
--> statement-breakpoint
CREATE TABLE "lottery_game" (
	"code" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"cutoff_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_game_interval" CHECK ("lottery_game"."interval_seconds" >= 60 AND "lottery_game"."interval_seconds" % 60 = 0),
	CONSTRAINT "lottery_game_cutoff" CHECK ("lottery_game"."cutoff_seconds" >= 1 AND "lottery_game"."cutoff_seconds" < "lottery_game"."interval_seconds")
);
--> statement-breakpoint
CREATE TABLE "lottery_period" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"period_no" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"seed_hash" text,
	"seed" text,
	"committed_at" timestamp with time zone,
	"draw" jsonb,
	"drawn_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"potential_payout" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"stake_total" bigint DEFAULT 0 NOT NULL,
	"payout_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_period_status" CHECK ("lottery_period"."status" IN ('open', 'closed', 'settled', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bet" ADD CONSTRAINT "lottery_bet_period_id_lottery_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_exposure" ADD CONSTRAINT "lottery_exposure_period_id_lottery_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_period" ADD CONSTRAINT "lottery_period_game_code_lottery_game_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."lottery_game"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bet_public_id_key" ON "lottery_bet" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bet_slip_key" ON "lottery_bet" USING btree ("member_id","request_id","slip_index");--> statement-breakpoint
CREATE INDEX "lottery_bet_period_idx" ON "lottery_bet" USING btree ("period_id","bet_type","selection");--> statement-breakpoint
CREATE INDEX "lottery_bet_member_idx" ON "lottery_bet" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_period_game_no_key" ON "lottery_period" USING btree ("game_code","period_no");--> statement-breakpoint
CREATE INDEX "lottery_period_game_draw_idx" ON "lottery_period" USING btree ("game_code","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_period_due_idx" ON "lottery_period" USING btree ("draw_at") WHERE "lottery_period"."status" IN ('open', 'closed');
--> statement-breakpoint
-- The electronic lottery's games are part of the product (issue 13), so they arrive with the schema; an
-- operator turns one off with `npm run operator -- lottery disable <code>`.
INSERT INTO "lottery_game" ("code", "family", "category", "name", "interval_seconds", "cutoff_seconds", "sort_order")
VALUES
	('SSC-1', 'SSC', 'ELOTT', '5D Lotto 1 min', 60, 5, 10),
	('SSC-3', 'SSC', 'ELOTT', '5D Lotto 3 min', 180, 10, 20),
	('SSC-5', 'SSC', 'ELOTT', '5D Lotto 5 min', 300, 15, 30),
	('K3-1', 'K3', 'ELOTT', 'Fast 3 Dice 1 min', 60, 5, 40),
	('K3-3', 'K3', 'ELOTT', 'Fast 3 Dice 3 min', 180, 10, 50),
	('X115-1', 'X115', 'LOTT', '11 Choose 5 1 min', 60, 5, 60),
	('X115-3', 'X115', 'LOTT', '11 Choose 5 3 min', 180, 10, 70),
	('PK10-1', 'PK10', 'LOTT', 'Racing 10 1 min', 60, 5, 80),
	('PK10-5', 'PK10', 'LOTT', 'Racing 10 5 min', 300, 15, 90)
ON CONFLICT ("code") DO NOTHING;
