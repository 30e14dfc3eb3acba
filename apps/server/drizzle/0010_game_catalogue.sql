-- Name search in the game catalogue uses trigrams (contains, any case). PGlite loads the extension in openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "game" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"game_classify" text,
	"min_bet" bigint NOT NULL,
	"min_line_num" integer,
	"platforms" text[] NOT NULL,
	"image_url" text,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_node_id_unique" UNIQUE("node_id")
);
--> statement-breakpoint
CREATE TABLE "member_favourite_game" (
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_favourite_game_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "member_recent_game" (
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_recent_game_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_vassalage_game_vendor_vassalage_fk" FOREIGN KEY ("vassalage") REFERENCES "public"."game_vendor"("vassalage") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_favourite_game" ADD CONSTRAINT "member_favourite_game_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_favourite_game" ADD CONSTRAINT "member_favourite_game_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recent_game" ADD CONSTRAINT "member_recent_game_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recent_game" ADD CONSTRAINT "member_recent_game_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_vendor_code_key" ON "game" USING btree ("vassalage","game_code");--> statement-breakpoint
CREATE INDEX "game_order_idx" ON "game" USING btree ("sort_order","id") WHERE "game"."enabled";--> statement-breakpoint
CREATE INDEX "game_vendor_idx" ON "game" USING btree ("vassalage","enabled");--> statement-breakpoint
CREATE INDEX "game_name_trgm_idx" ON "game" USING gin (lower("game_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_favourite_game_recent_idx" ON "member_favourite_game" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_recent_game_played_idx" ON "member_recent_game" USING btree ("member_id","played_at");