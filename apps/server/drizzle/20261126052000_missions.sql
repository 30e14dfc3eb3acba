CREATE TABLE "leaderboard" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"prizes" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_prize" (
	"leaderboard_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"rank" smallint NOT NULL,
	"member_id" bigint NOT NULL,
	"score" text NOT NULL,
	"game_name" text,
	"prize" bigint NOT NULL,
	"transfer_id" bigint,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_prize_leaderboard_id_period_key_rank_pk" PRIMARY KEY("leaderboard_id","period_key","rank")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_settlement" (
	"leaderboard_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_settlement_leaderboard_id_period_key_pk" PRIMARY KEY("leaderboard_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "mission" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"kind" text NOT NULL,
	"metric" text NOT NULL,
	"category" text,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mission_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "mission_amounts_positive" CHECK ("mission"."target" > 0 AND "mission"."reward" > 0),
	CONSTRAINT "mission_kind" CHECK ("mission"."kind" IN ('daily', 'weekly', 'once'))
);
--> statement-breakpoint
CREATE TABLE "mission_claim" (
	"mission_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"period" text NOT NULL,
	"reward" bigint NOT NULL,
	"transfer_id" bigint,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mission_claim_mission_id_member_id_period_pk" PRIMARY KEY("mission_id","member_id","period")
);
--> statement-breakpoint
CREATE TABLE "raffle" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"ticket_per" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"prizes" jsonb NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"status" text NOT NULL,
	"entries" jsonb,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffle_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "raffle_winner" (
	"raffle_id" bigint NOT NULL,
	"rank" smallint NOT NULL,
	"member_id" bigint NOT NULL,
	"ticket" integer NOT NULL,
	"prize" bigint NOT NULL,
	"claimed_at" timestamp with time zone,
	"transfer_id" bigint,
	CONSTRAINT "raffle_winner_raffle_id_rank_pk" PRIMARY KEY("raffle_id","rank")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_prize" ADD CONSTRAINT "leaderboard_prize_leaderboard_id_leaderboard_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboard"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prize" ADD CONSTRAINT "leaderboard_prize_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_settlement" ADD CONSTRAINT "leaderboard_settlement_leaderboard_id_leaderboard_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboard"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claim" ADD CONSTRAINT "mission_claim_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claim" ADD CONSTRAINT "mission_claim_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winner" ADD CONSTRAINT "raffle_winner_raffle_id_raffle_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winner" ADD CONSTRAINT "raffle_winner_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_prize_paid_idx" ON "leaderboard_prize" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "mission_claim_member_idx" ON "mission_claim" USING btree ("member_id","claimed_at");--> statement-breakpoint
CREATE INDEX "raffle_status_idx" ON "raffle" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "raffle_winner_member_idx" ON "raffle_winner" USING btree ("member_id");