CREATE TABLE "agent_contract" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"upline_id" bigint,
	"downline_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"cycle" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"status" text NOT NULL,
	"offered_by" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"responded_by" text,
	"responded_at" timestamp with time zone,
	"effective_from" timestamp with time zone,
	"terminated_by" text,
	"terminated_at" timestamp with time zone,
	"termination_reason" text,
	"basis" jsonb,
	CONSTRAINT "agent_contract_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "agent_contract_kind" CHECK ("agent_contract"."kind" IN ('dividend', 'daily_wage', 'hourly_salary', 'realtime_salary')),
	CONSTRAINT "agent_contract_status" CHECK ("agent_contract"."status" IN ('offered', 'active', 'rejected', 'terminated'))
);
--> statement-breakpoint
CREATE TABLE "agent_settlement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"figures" jsonb NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "agent_tree" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "agent_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "member_turnover_daily" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_turnover_daily_member_id_day_category_pk" PRIMARY KEY("member_id","day","category")
);
--> statement-breakpoint
CREATE TABLE "team_turnover_daily" (
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_turnover_daily_agent_id_day_category_pk" PRIMARY KEY("agent_id","day","category")
);
--> statement-breakpoint
CREATE TABLE "turnover_feed" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_at" timestamp with time zone NOT NULL,
	"cursor_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_upline_id_member_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_downline_id_member_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_contract_id_agent_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tree" ADD CONSTRAINT "agent_tree_ancestor_id_member_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tree" ADD CONSTRAINT "agent_tree_descendant_id_member_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_turnover_daily" ADD CONSTRAINT "member_turnover_daily_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_turnover_daily" ADD CONSTRAINT "team_turnover_daily_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_active_key" ON "agent_contract" USING btree ("downline_id","kind") WHERE "agent_contract"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_offered_key" ON "agent_contract" USING btree ("downline_id","kind") WHERE "agent_contract"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "agent_contract_upline_idx" ON "agent_contract" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contract_kind_status_idx" ON "agent_contract" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlement_period_key" ON "agent_settlement" USING btree ("contract_id","period_key");--> statement-breakpoint
CREATE INDEX "agent_settlement_agent_idx" ON "agent_settlement" USING btree ("agent_id","period_start");--> statement-breakpoint
CREATE INDEX "agent_tree_descendant_idx" ON "agent_tree" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE INDEX "agent_tree_ancestor_depth_idx" ON "agent_tree" USING btree ("ancestor_id","depth");--> statement-breakpoint
CREATE INDEX "member_turnover_daily_day_idx" ON "member_turnover_daily" USING btree ("day","member_id");--> statement-breakpoint
CREATE INDEX "provider_round_closed_idx" ON "provider_round" USING btree ("closed_at","id") WHERE "provider_round"."status" = 'settled';--> statement-breakpoint
-- The agent tree (ADR 045) is kept by the database itself: member rows are made by registration, trial
-- accounts, seeds and tests, and moved by the operator; triggers keep agent_tree true for all of them.
-- A new member: its own row (depth 0), then one row per ancestor of its upline.
CREATE FUNCTION agent_tree_on_member_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
      SELECT ancestor_id, NEW.id, depth + 1 FROM agent_tree WHERE descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_agent_tree_insert AFTER INSERT ON member
  FOR EACH ROW EXECUTE FUNCTION agent_tree_on_member_insert();
--> statement-breakpoint
-- A moved member takes its whole team along: the subtree's links to its old ancestors go, links to the
-- new upline's ancestors come. Moving a member below its own team would make a cycle: refused.
CREATE FUNCTION agent_tree_on_upline_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id
  ) THEN
    RAISE EXCEPTION 'agent_tree: member % cannot be moved below its own team', NEW.id
      USING ERRCODE = '23514';
  END IF;
  DELETE FROM agent_tree t
   USING agent_tree sub
   WHERE sub.ancestor_id = NEW.id
     AND t.descendant_id = sub.descendant_id
     AND t.depth > sub.depth;
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
      SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
        FROM agent_tree up
        JOIN agent_tree sub ON sub.ancestor_id = NEW.id
       WHERE up.descendant_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_agent_tree_move AFTER UPDATE OF upline_id ON member
  FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id)
  EXECUTE FUNCTION agent_tree_on_upline_change();
--> statement-breakpoint
-- Members that exist already: every (ancestor, descendant) pair walked up from each member.
INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM member
  UNION ALL
  SELECT up.descendant_id, m.upline_id, up.depth + 1
    FROM up JOIN member m ON m.id = up.ancestor_id
   WHERE m.upline_id IS NOT NULL AND up.depth < 1000
)
SELECT ancestor_id, descendant_id, depth FROM up;
