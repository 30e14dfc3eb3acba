CREATE TABLE "lottery_vn_result" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"period_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"digits" jsonb NOT NULL,
	"entered_by" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"credited" bigint,
	"debited" bigint,
	"shortfall" bigint,
	CONSTRAINT "lottery_vn_result_two_operators" CHECK ("lottery_vn_result"."confirmed_by" IS NULL OR "lottery_vn_result"."confirmed_by" <> "lottery_vn_result"."entered_by")
);
--> statement-breakpoint
ALTER TABLE "lottery_game" ADD COLUMN "draw_offset_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_game" ADD COLUMN "entered_results" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_vn_result" ADD CONSTRAINT "lottery_vn_result_period_id_lottery_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_vn_result_revision_key" ON "lottery_vn_result" USING btree ("period_id","revision");--> statement-breakpoint
ALTER TABLE "lottery_game" ADD CONSTRAINT "lottery_game_offset" CHECK ("lottery_game"."draw_offset_seconds" >= 0 AND "lottery_game"."draw_offset_seconds" < "lottery_game"."interval_seconds" AND "lottery_game"."draw_offset_seconds" % 60 = 0);--> statement-breakpoint
-- The daily regional Vietnamese draws (issue 13, ADR 060): the state lotteries draw at 18:15 (North), 17:15
-- (Central) and 16:15 (South) Vietnam time (UTC+7); periods are aligned that many seconds after the site's
-- midnight (Asia/Dhaka, UTC+6: 17:15, 16:15, 15:15), betting closes 15 minutes before, and the result is
-- entered by one operator and confirmed by another.
INSERT INTO "lottery_game" ("code", "family", "category", "name", "interval_seconds", "cutoff_seconds", "sort_order", "draw_offset_seconds", "entered_results")
VALUES
	('VN-MB-D', 'VN_NORTH', 'LOTT', 'Miền Bắc hằng ngày', 86400, 900, 230, 62100, true),
	('VN-MT-D', 'VN_CENTRAL', 'LOTT', 'Miền Trung hằng ngày', 86400, 900, 240, 58500, true),
	('VN-MN-D', 'VN_SOUTH', 'LOTT', 'Miền Nam hằng ngày', 86400, 900, 250, 54900, true)
ON CONFLICT ("code") DO NOTHING;
