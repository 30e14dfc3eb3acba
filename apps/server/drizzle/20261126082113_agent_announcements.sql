DROP INDEX "announcement_published_idx";--> statement-breakpoint
ALTER TABLE "announcement" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
CREATE INDEX "announcement_published_idx" ON "announcement" USING btree ("audience","published_at");--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_audience" CHECK ("announcement"."audience" IN ('all', 'agent'));