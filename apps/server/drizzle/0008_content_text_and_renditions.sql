CREATE TABLE "content_image_rendition" (
	"image_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_image_rendition_image_id_width_pk" PRIMARY KEY("image_id","width")
);
--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "subtitle" jsonb;--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "action" jsonb;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "action" jsonb;