CREATE TABLE "agent_invite_link" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" text NOT NULL,
	"account_type" text NOT NULL,
	"offer" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_invite_link_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "agent_invite_link_type" CHECK ("agent_invite_link"."account_type" IN ('player', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "agent_invite_signup" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_reward" (
	"friend_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"deposit_id" bigint NOT NULL,
	"deposit" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_invite_link" ADD CONSTRAINT "agent_invite_link_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invite_signup" ADD CONSTRAINT "agent_invite_signup_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invite_signup" ADD CONSTRAINT "agent_invite_signup_link_id_agent_invite_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."agent_invite_link"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_friend_id_member_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_referrer_id_member_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_invite_link_code_key" ON "agent_invite_link" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "agent_invite_link_agent_idx" ON "agent_invite_link" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_invite_signup_link_idx" ON "agent_invite_signup" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "referral_reward_referrer_idx" ON "referral_reward" USING btree ("referrer_id","paid_at");--> statement-breakpoint
CREATE INDEX "member_referred_by_idx" ON "member" USING btree ("referred_by_id");