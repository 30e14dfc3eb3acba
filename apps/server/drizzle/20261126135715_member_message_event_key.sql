ALTER TABLE "member_message" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "member_message_event_key" ON "member_message" USING btree ("member_id","event_key");