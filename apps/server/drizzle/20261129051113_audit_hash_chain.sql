-- The staff audit becomes append-only and hash-chained (ADR 094): each row carries seq (1, 2, 3, ...),
-- the previous row's hash and its own, the SHA-256 of its canonical form. The who/role/address/object/
-- before/after/reason columns are new and empty on the rows already there.
ALTER TABLE "operator_audit" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "hash" text;--> statement-breakpoint
-- The canonical text of a JSON value, as audit/canonical.ts writes it: object keys in byte order, no
-- whitespace, strings escaped as JSON.stringify escapes them. Used here to chain the rows already present,
-- and by the test that holds the two implementations to the same answer.
CREATE FUNCTION operator_audit_canonical(value jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'object' THEN
      RETURN '{' || coalesce((
        SELECT string_agg(to_json(e.key)::text || ':' || operator_audit_canonical(e.item), ',' ORDER BY e.key COLLATE "C")
          FROM jsonb_each(value) AS e(key, item)), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((
        SELECT string_agg(operator_audit_canonical(e.item), ',' ORDER BY e.n)
          FROM jsonb_array_elements(value) WITH ORDINALITY AS e(item, n)), '') || ']';
    ELSE
      RETURN value::text;
  END CASE;
END
$$;
--> statement-breakpoint
-- The rows already present, chained in id order from the genesis hash (64 zeros).
DO $$
DECLARE
  r record;
  previous text := repeat('0', 64);
  n bigint := 0;
  digest text;
BEGIN
  FOR r IN SELECT * FROM operator_audit ORDER BY id LOOP
    n := n + 1;
    digest := encode(sha256(convert_to(operator_audit_canonical(jsonb_build_object(
      'seq', n::text,
      'at', to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'actor', r.actor,
      'role', r.role,
      'ip', r.ip,
      'command', r.command,
      'target', r.target,
      'detail', r.detail,
      'before', r.before,
      'after', r.after,
      'reason', r.reason,
      'prevHash', previous
    )), 'UTF8')), 'hex');
    UPDATE operator_audit SET seq = n, prev_hash = previous, hash = digest WHERE id = r.id;
    previous := digest;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "operator_audit" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_prev_hash_unique" UNIQUE("prev_hash");--> statement-breakpoint
-- Append-only in the database too: an UPDATE, DELETE or TRUNCATE is refused whoever sends it. An owner
-- can still disable the triggers; `operator audit verify` is what catches that.
CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_no_update_delete BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
