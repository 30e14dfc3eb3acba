CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room" text NOT NULL,
	"member_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"rank_level" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "chat_mute" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"muted_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_read" (
	"member_id" bigint NOT NULL,
	"room" text NOT NULL,
	"last_read_id" bigint NOT NULL,
	CONSTRAINT "chat_read_member_id_room_pk" PRIMARY KEY("member_id","room")
);
--> statement-breakpoint
CREATE TABLE "chat_room" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"language" text,
	"min_rank_level" smallint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_room_chat_room_code_fk" FOREIGN KEY ("room") REFERENCES "public"."chat_room"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mute" ADD CONSTRAINT "chat_mute_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read" ADD CONSTRAINT "chat_read_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_room_idx" ON "chat_message" USING btree ("room","id");--> statement-breakpoint
CREATE INDEX "chat_message_member_idx" ON "chat_message" USING btree ("member_id","created_at");--> statement-breakpoint
INSERT INTO "chat_room" ("code", "name", "language", "min_rank_level", "sort_order") VALUES
  ('lobby', '{"bn":"লবি","en":"Lobby"}', NULL, 0, 0),
  ('bn', '{"bn":"বাংলা আড্ডা","en":"Bengali room"}', 'bn', 0, 1),
  ('en', '{"bn":"ইংরেজি আড্ডা","en":"English room"}', 'en', 0, 2),
  ('vip', '{"bn":"ভিআইপি লাউঞ্জ","en":"VIP lounge"}', NULL, 5, 3)
ON CONFLICT DO NOTHING;
