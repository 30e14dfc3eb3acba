-- The fast house-drawn Vietnamese lottery games (issue 13, ADR 043): one per region, results in the
-- region's format drawn from the period's committed seed. Their family codes are modules/lottery/families/vn.ts's.
INSERT INTO "lottery_game" ("code", "family", "category", "name", "interval_seconds", "cutoff_seconds", "sort_order")
VALUES
	('VN-MB-1', 'VN_NORTH', 'LOTT', 'Miền Bắc 1 phút', 60, 5, 200),
	('VN-MN-3', 'VN_SOUTH', 'LOTT', 'Miền Nam 3 phút', 180, 10, 210),
	('VN-MT-5', 'VN_CENTRAL', 'LOTT', 'Miền Trung 5 phút', 300, 15, 220)
ON CONFLICT ("code") DO NOTHING;
