CREATE TABLE "reward_grant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"basis" bigint NOT NULL,
	"turnover_required" bigint NOT NULL,
	"reference" text,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "turnover_requirement" ADD COLUMN "forfeited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reward_grant" ADD CONSTRAINT "reward_grant_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_grant_once_key" ON "reward_grant" USING btree ("member_id","kind","period");--> statement-breakpoint
CREATE INDEX "reward_grant_member_idx" ON "reward_grant" USING btree ("member_id","id");