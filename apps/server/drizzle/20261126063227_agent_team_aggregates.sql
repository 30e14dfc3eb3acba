CREATE TABLE "activity_period" (
	"period" text PRIMARY KEY NOT NULL,
	"min_valid_bet" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_activity" (
	"member_id" bigint NOT NULL,
	"period" text NOT NULL,
	"valid_bet" bigint NOT NULL,
	CONSTRAINT "member_activity_member_id_period_pk" PRIMARY KEY("member_id","period")
);
--> statement-breakpoint
CREATE TABLE "team_active" (
	"agent_id" bigint NOT NULL,
	"period" text NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_active_agent_id_period_pk" PRIMARY KEY("agent_id","period")
);
--> statement-breakpoint
CREATE TABLE "team_member_daily" (
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_member_daily_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
ALTER TABLE "member_activity" ADD CONSTRAINT "member_activity_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_active" ADD CONSTRAINT "team_active_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_daily" ADD CONSTRAINT "team_member_daily_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Team size and new members per agent and site day (Asia/Dhaka, UTC+6), kept with the closure table:
-- a member placed below an agent counts on the day it joined the site, and a move takes it away from the
-- old uplines and gives it to the new ones, as the closure rows themselves move.
CREATE FUNCTION team_member_daily_on_tree() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.depth > 0 THEN
      INSERT INTO team_member_daily AS d (agent_id, day, joined)
      SELECT NEW.ancestor_id, (m.created_at AT TIME ZONE 'Asia/Dhaka')::date, 1
        FROM member m WHERE m.id = NEW.descendant_id
      ON CONFLICT (agent_id, day) DO UPDATE SET joined = d.joined + 1;
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.depth > 0 THEN
    UPDATE team_member_daily d SET joined = d.joined - 1
      FROM member m
     WHERE m.id = OLD.descendant_id AND d.agent_id = OLD.ancestor_id
       AND d.day = (m.created_at AT TIME ZONE 'Asia/Dhaka')::date;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER agent_tree_team_member_daily AFTER INSERT OR DELETE ON agent_tree
  FOR EACH ROW EXECUTE FUNCTION team_member_daily_on_tree();
--> statement-breakpoint
INSERT INTO team_member_daily (agent_id, day, joined)
SELECT t.ancestor_id, (m.created_at AT TIME ZONE 'Asia/Dhaka')::date, count(*)
  FROM agent_tree t JOIN member m ON m.id = t.descendant_id
 WHERE t.depth > 0
 GROUP BY 1, 2;
--> statement-breakpoint
-- Activity so far: the members' totals per day and month; periods that began before this migration are
-- marked with no threshold (-1), so their active members are still counted by a scan.
INSERT INTO member_activity (member_id, period, valid_bet)
SELECT member_id, 'd:' || to_char(day, 'YYYY-MM-DD'), sum(valid_bet) FROM member_turnover_daily GROUP BY 1, 2
UNION ALL
SELECT member_id, 'm:' || to_char(day, 'YYYY-MM'), sum(valid_bet) FROM member_turnover_daily GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO activity_period (period, min_valid_bet)
SELECT DISTINCT period, -1 FROM member_activity;
