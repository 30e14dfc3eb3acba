CREATE TABLE "staff_approval" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_id" text NOT NULL,
	"subject" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "staff_approval_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "staff_approval_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE INDEX "staff_approval_state_idx" ON "staff_approval" USING btree ("state","requested_at");