CREATE TABLE "admin_login_guard" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "totp_last_step" bigint;