CREATE TABLE "lottery_follow" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"request_id" text NOT NULL,
	"bets" jsonb NOT NULL,
	"period_amount" bigint NOT NULL,
	"periods" integer NOT NULL,
	"placed" integer NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"status" text NOT NULL,
	"first_period_no" text NOT NULL,
	"last_period_no" text NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"end_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "lottery_follow_periods" CHECK ("lottery_follow"."periods" BETWEEN 2 AND 50 AND "lottery_follow"."placed" BETWEEN 1 AND "lottery_follow"."periods"),
	CONSTRAINT "lottery_follow_status" CHECK ("lottery_follow"."status" IN ('active', 'done', 'won', 'cancelled', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "lottery_follow" ADD CONSTRAINT "lottery_follow_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_follow" ADD CONSTRAINT "lottery_follow_game_code_lottery_game_code_fk" FOREIGN KEY ("game_code") REFERENCES "public"."lottery_game"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_follow_public_id_key" ON "lottery_follow" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_follow_request_key" ON "lottery_follow" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "lottery_follow_member_idx" ON "lottery_follow" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_follow_active_idx" ON "lottery_follow" USING btree ("game_code") WHERE "lottery_follow"."status" = 'active';