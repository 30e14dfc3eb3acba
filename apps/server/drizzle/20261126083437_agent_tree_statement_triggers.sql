-- Bulk inserts of members (an import, a seed, a bench of 100,000 below one agent) paid one trigger run
-- per member and, below that, one upsert of the same team_member_daily row per member and ancestor: the
-- top agent's (agent, day) row was rewritten once per member in one transaction. Both triggers are now
-- statement-level with transition tables: one INSERT ... SELECT for all the statement's members, and one
-- grouped upsert per statement on agent_tree (ADR 068).
DROP TRIGGER member_agent_tree_insert ON member;
--> statement-breakpoint
-- The closure rows of every member the statement inserted. A member's upline may be inserted by the same
-- statement: the chain is walked inside the batch first, then continued through the tree of the first
-- upline that existed before.
CREATE OR REPLACE FUNCTION agent_tree_on_member_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
    SELECT n.id, n.id, 0 FROM new_members n
    UNION ALL
    SELECT up.descendant_id, n.upline_id, up.depth + 1
      FROM up JOIN new_members n ON n.id = up.ancestor_id
     WHERE n.upline_id IS NOT NULL AND up.depth < 1000
  )
  SELECT ancestor_id, descendant_id, depth FROM up
  UNION ALL
  SELECT t.ancestor_id, up.descendant_id, up.depth + t.depth
    FROM up JOIN agent_tree t ON t.descendant_id = up.ancestor_id AND t.depth > 0
   WHERE up.depth > 0 AND NOT EXISTS (SELECT 1 FROM new_members b WHERE b.id = up.ancestor_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_agent_tree_insert AFTER INSERT ON member
  REFERENCING NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION agent_tree_on_member_insert();
--> statement-breakpoint
DROP TRIGGER agent_tree_team_member_daily ON agent_tree;
--> statement-breakpoint
DROP FUNCTION team_member_daily_on_tree();
--> statement-breakpoint
-- Team size and new members per agent and site day (Asia/Dhaka), as before, counted per statement.
CREATE FUNCTION team_member_daily_on_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_member_daily AS d (agent_id, day, joined)
  SELECT n.ancestor_id, (m.created_at AT TIME ZONE 'Asia/Dhaka')::date, count(*)
    FROM new_links n JOIN member m ON m.id = n.descendant_id
   WHERE n.depth > 0
   GROUP BY 1, 2
  ON CONFLICT (agent_id, day) DO UPDATE SET joined = d.joined + EXCLUDED.joined;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION team_member_daily_on_tree_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_member_daily d SET joined = d.joined - gone.joined
    FROM (SELECT o.ancestor_id, (m.created_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS joined
            FROM old_links o JOIN member m ON m.id = o.descendant_id
           WHERE o.depth > 0
           GROUP BY 1, 2) gone
   WHERE d.agent_id = gone.ancestor_id AND d.day = gone.day;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agent_tree_team_member_daily_insert AFTER INSERT ON agent_tree
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION team_member_daily_on_tree_insert();
--> statement-breakpoint
CREATE TRIGGER agent_tree_team_member_daily_delete AFTER DELETE ON agent_tree
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION team_member_daily_on_tree_delete();
