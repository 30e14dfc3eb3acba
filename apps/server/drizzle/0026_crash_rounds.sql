CREATE TABLE "inhouse_crash_bet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"round_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"player_id" text NOT NULL,
	"player_name" text NOT NULL,
	"request_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cash_out" bigint,
	"cashed_out_at" bigint,
	"win" bigint,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "inhouse_crash_bet_stake_positive" CHECK ("inhouse_crash_bet"."stake" > 0),
	CONSTRAINT "inhouse_crash_bet_status" CHECK ("inhouse_crash_bet"."status" IN ('pending', 'placed', 'won', 'lost', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "inhouse_crash_chain" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"commitment" text NOT NULL,
	"salt" text NOT NULL,
	"length" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inhouse_crash_round" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"crash_point" bigint NOT NULL,
	"pays_up_to" bigint NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"crashes_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "inhouse_crash_round_status" CHECK ("inhouse_crash_round"."status" IN ('open', 'settled')),
	CONSTRAINT "inhouse_crash_round_point" CHECK ("inhouse_crash_round"."crash_point" >= 100)
);
--> statement-breakpoint
CREATE TABLE "inhouse_crash_seed" (
	"chain_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"seed" text NOT NULL,
	CONSTRAINT "inhouse_crash_seed_chain_id_position_pk" PRIMARY KEY("chain_id","position")
);
--> statement-breakpoint
ALTER TABLE "inhouse_crash_bet" ADD CONSTRAINT "inhouse_crash_bet_round_id_inhouse_crash_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."inhouse_crash_round"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_crash_bet" ADD CONSTRAINT "inhouse_crash_bet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_crash_round" ADD CONSTRAINT "inhouse_crash_round_chain_id_inhouse_crash_chain_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."inhouse_crash_chain"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_crash_seed" ADD CONSTRAINT "inhouse_crash_seed_chain_id_inhouse_crash_chain_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."inhouse_crash_chain"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_bet_public_id_key" ON "inhouse_crash_bet" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_bet_round_member_key" ON "inhouse_crash_bet" USING btree ("round_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_bet_member_request_key" ON "inhouse_crash_bet" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_chain_commitment_key" ON "inhouse_crash_chain" USING btree ("commitment");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_round_public_id_key" ON "inhouse_crash_round" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_round_chain_position_key" ON "inhouse_crash_round" USING btree ("chain_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_crash_round_open_key" ON "inhouse_crash_round" USING btree ("status") WHERE "inhouse_crash_round"."status" = 'open';--> statement-breakpoint
CREATE INDEX "inhouse_crash_round_created_idx" ON "inhouse_crash_round" USING btree ("created_at");