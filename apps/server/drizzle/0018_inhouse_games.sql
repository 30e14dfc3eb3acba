-- Our own games (issue 12) are part of the product, not demo data: every deployment has them, so they
-- arrive with the schema. INHOUSE is a seamless vendor of wallet model 'internal': its games call the
-- provider service in process (modules/inhouse), never over HTTP, so its signing secret is a random value
-- nobody knows and any HTTP call naming INHOUSE is refused. An operator turns a game off with
-- `npm run operator -- games disable INHOUSE-<code>` like any other.
INSERT INTO "game_vendor" ("vassalage", "category", "title", "is_hot", "small_icon", "game_classify", "sort_order", "active")
VALUES ('INHOUSE', 'RNG', 'Khela Originals', true, '/inhouse/vendor-inhouse.svg', NULL, 0, true)
ON CONFLICT ("vassalage") DO NOTHING;
--> statement-breakpoint
INSERT INTO "provider_vendor" ("vendor_code", "wallet_model", "currency", "signing_secret", "allow_demo",
	"round_timeout_seconds", "round_timeout_rule", "launch_url", "active", "created_at", "launch_mode")
VALUES ('INHOUSE', 'internal', 'BDT',
	encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'),
	false, 600, 'refund', '/inhouse/{game}', true, now(), 'frame')
ON CONFLICT ("vendor_code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "game" ("node_id", "vassalage", "game_code", "game_name", "game_classify", "min_bet", "min_line_num",
	"platforms", "image_url", "is_hot", "is_new", "enabled", "sort_order", "created_at")
VALUES
	('INHOUSE-slot', 'INHOUSE', 'slot', 'Royal Bengal Reels', 'SLOT', 100, 20, ARRAY['html5-desktop', 'html5'], '/inhouse/slot.svg', true, true, true, -30, now()),
	('INHOUSE-dice', 'INHOUSE', 'dice', 'Fair Dice', 'DICE', 100, NULL, ARRAY['html5-desktop', 'html5'], '/inhouse/dice.svg', true, true, true, -20, now()),
	('INHOUSE-crash', 'INHOUSE', 'crash', 'Rocket Crash', 'CRASH', 100, NULL, ARRAY['html5-desktop', 'html5'], '/inhouse/crash.svg', true, true, true, -10, now())
ON CONFLICT ("node_id") DO NOTHING;
