ALTER TABLE "admin_user" ALTER COLUMN "role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_session" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "admin_session" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "admin_session" ALTER COLUMN "last_seen_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_session" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "admin_session" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "roles" text[];--> statement-breakpoint
-- The cashier role became finance (issue 27's roles); every other role keeps its name.
UPDATE "admin_user" SET "roles" = ARRAY[CASE WHEN "role" = 'cashier' THEN 'finance' ELSE "role" END];--> statement-breakpoint
ALTER TABLE "admin_user" ALTER COLUMN "roles" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "totp_pending_secret" text;
