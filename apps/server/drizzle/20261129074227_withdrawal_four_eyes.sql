ALTER TABLE "withdrawal" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD COLUMN "first_payout_reference" text;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD COLUMN "hold_reason" text;