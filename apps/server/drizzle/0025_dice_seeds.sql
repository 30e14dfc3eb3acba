CREATE TABLE "inhouse_dice_round" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"target" integer NOT NULL,
	"direction" text NOT NULL,
	"roll" integer NOT NULL,
	"edge" integer NOT NULL,
	"payout" bigint NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "inhouse_dice_round_bet_positive" CHECK ("inhouse_dice_round"."bet" > 0),
	CONSTRAINT "inhouse_dice_round_win_not_negative" CHECK ("inhouse_dice_round"."win" >= 0),
	CONSTRAINT "inhouse_dice_round_direction" CHECK ("inhouse_dice_round"."direction" IN ('over', 'under')),
	CONSTRAINT "inhouse_dice_round_status" CHECK ("inhouse_dice_round"."status" IN ('open', 'settled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "inhouse_dice_seed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "inhouse_dice_seed_status" CHECK ("inhouse_dice_seed"."status" IN ('active', 'revealed')),
	CONSTRAINT "inhouse_dice_seed_nonce" CHECK ("inhouse_dice_seed"."nonce" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inhouse_dice_round" ADD CONSTRAINT "inhouse_dice_round_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_dice_round" ADD CONSTRAINT "inhouse_dice_round_seed_id_inhouse_dice_seed_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."inhouse_dice_seed"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_dice_seed" ADD CONSTRAINT "inhouse_dice_seed_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_dice_round_public_id_key" ON "inhouse_dice_round" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_dice_round_member_request_key" ON "inhouse_dice_round" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_dice_round_seed_nonce_key" ON "inhouse_dice_round" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "inhouse_dice_round_member_idx" ON "inhouse_dice_round" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_dice_seed_active_key" ON "inhouse_dice_seed" USING btree ("member_id") WHERE "inhouse_dice_seed"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_dice_seed_hash_key" ON "inhouse_dice_seed" USING btree ("server_seed_hash");