CREATE TABLE "session_handoff" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session_handoff" ADD CONSTRAINT "session_handoff_session_id_member_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."member_session"("id") ON DELETE cascade ON UPDATE no action;