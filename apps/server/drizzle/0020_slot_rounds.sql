-- The in-house slot's rounds (issue 12, ADR 026): the game's own memory of each round (its stops, the member's
-- request id claimed before money moves); the money itself is the seamless wallet's provider_round.
CREATE TABLE "inhouse_slot_round" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"variant" text NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"stops" jsonb NOT NULL,
	"free_spins" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "inhouse_slot_round_bet_positive" CHECK ("inhouse_slot_round"."bet" > 0),
	CONSTRAINT "inhouse_slot_round_win_not_negative" CHECK ("inhouse_slot_round"."win" >= 0),
	CONSTRAINT "inhouse_slot_round_status" CHECK ("inhouse_slot_round"."status" IN ('open', 'settled', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "inhouse_slot_round" ADD CONSTRAINT "inhouse_slot_round_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_slot_round_public_id_key" ON "inhouse_slot_round" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_slot_round_member_request_key" ON "inhouse_slot_round" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "inhouse_slot_round_member_idx" ON "inhouse_slot_round" USING btree ("member_id","created_at");