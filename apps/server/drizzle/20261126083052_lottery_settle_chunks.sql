DROP INDEX "lottery_bet_period_idx";--> statement-breakpoint
CREATE INDEX "lottery_bet_period_id_idx" ON "lottery_bet" USING btree ("period_id","id");--> statement-breakpoint
-- Room on every page for each bet's settled version: settlement updates no indexed column, so with the
-- room its UPDATE is HOT (no index entries written); a full page makes every settled bet a new tuple
-- elsewhere plus an entry in each index (ADR 065). Pages written from now on keep half free.
ALTER TABLE "lottery_bet" SET (fillfactor = 50);
