-- The dashboard's per-day rollups (ADR 096), filled by the reports-rollup job from the ledger and the new members,
-- each from a cursor (report_feed) moved in the transaction that adds the rows. Empty at first: the job
-- folds the whole history on its first runs.
CREATE TABLE "report_day" (
	"day" date PRIMARY KEY NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"first_deposit_amount" bigint DEFAULT 0 NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawals" integer DEFAULT 0 NOT NULL,
	"withdrawal_amount" bigint DEFAULT 0 NOT NULL,
	"bonuses" bigint DEFAULT 0 NOT NULL,
	"commissions" bigint DEFAULT 0 NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	"depositors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_day_category" (
	"day" date NOT NULL,
	"category" text NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_day_category_day_category_pk" PRIMARY KEY("day","category")
);
--> statement-breakpoint
CREATE TABLE "report_feed" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_id" bigint NOT NULL,
	"cursor_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_first_deposit" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_member_day" (
	"activity" smallint NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"prev_day" date,
	CONSTRAINT "report_member_day_activity_member_id_day_pk" PRIMARY KEY("activity","member_id","day")
);
--> statement-breakpoint
CREATE INDEX "report_member_day_day_idx" ON "report_member_day" USING btree ("activity","day","prev_day");