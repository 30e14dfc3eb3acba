CREATE TABLE "cashier_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashier_event_delivery" (
	"event_id" bigint NOT NULL,
	"consumer" text NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashier_event_delivery_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
ALTER TABLE "cashier_event" ADD CONSTRAINT "cashier_event_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_event_delivery" ADD CONSTRAINT "cashier_event_delivery_event_id_cashier_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."cashier_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_event_type_reference_key" ON "cashier_event" USING btree ("type","reference");--> statement-breakpoint
CREATE INDEX "cashier_event_occurred_idx" ON "cashier_event" USING btree ("occurred_at");