ALTER TABLE "leaderboard" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffle" ADD COLUMN "cancelled_at" timestamp with time zone;