CREATE TABLE "agent_settlement_correction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"computed" bigint NOT NULL,
	"recomputed" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_settlement_correction_settlement_id_unique" UNIQUE("settlement_id")
);
--> statement-breakpoint
ALTER TABLE "agent_settlement_correction" ADD CONSTRAINT "agent_settlement_correction_settlement_id_agent_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."agent_settlement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement_correction" ADD CONSTRAINT "agent_settlement_correction_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_settlement_kind_period_idx" ON "agent_settlement" USING btree ("kind","period_start","period_end");