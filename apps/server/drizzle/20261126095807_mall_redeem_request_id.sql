ALTER TABLE "mall_redeem" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mall_redeem_request_key" ON "mall_redeem" USING btree ("member_id","request_id");