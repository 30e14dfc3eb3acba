CREATE TABLE "promotion_application" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"promotion_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"comment" text NOT NULL,
	"status" text NOT NULL,
	"bonus" bigint,
	"turnover_required" bigint,
	"reason" text,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"claimed_at" timestamp with time zone,
	"transfer_id" bigint,
	CONSTRAINT "promotion_application_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_application_image" (
	"application_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "promotion_application_image_application_id_position_pk" PRIMARY KEY("application_id","position")
);
--> statement-breakpoint
ALTER TABLE "promotion_application" ADD CONSTRAINT "promotion_application_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promotion_application_image" ADD CONSTRAINT "promotion_application_image_application_id_promotion_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."promotion_application"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_application_once_key" ON "promotion_application" USING btree ("promotion_id","member_id") WHERE "promotion_application"."status" <> 'rejected';
--> statement-breakpoint
CREATE INDEX "promotion_application_status_idx" ON "promotion_application" USING btree ("status","id");
