CREATE TABLE "member_tag" (
	"member_id" bigint NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "member_tag_member_id_tag_pk" PRIMARY KEY("member_id","tag")
);
--> statement-breakpoint
ALTER TABLE "member_message" ADD COLUMN "kind" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_message" ADD COLUMN "sent_by" text;--> statement-breakpoint
ALTER TABLE "member_tag" ADD CONSTRAINT "member_tag_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tag_tag_idx" ON "member_tag" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "member_message_list_idx" ON "member_message" USING btree ("member_id","id");--> statement-breakpoint
UPDATE "member_message" SET "kind" = 'welcome' WHERE "sent_by" IS NULL;
