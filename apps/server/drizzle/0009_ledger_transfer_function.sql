-- The ledger's transfer in one call: one round trip to the database instead of six.
-- The rules are the ones the service kept before: the idempotency key is claimed first, so a concurrent
-- copy waits for the first and is answered as its repeat; tracked accounts are locked in id order, so
-- transfers over the same accounts wait for each other instead of deadlocking; a tracked balance never
-- goes below zero; a refused transfer leaves nothing behind (its claim is deleted, no account is made).
-- Refusals are answered, not raised, so the caller's transaction stays usable without a savepoint.
-- p_legs: [{"code","kind","currency","memberId","tracks","amount"}], amounts as text (bigint).
CREATE FUNCTION "ledger_transfer_apply"(
	p_key text,
	p_kind text,
	p_currency text,
	p_reference text,
	p_memo text,
	p_actor text,
	p_request_hash text,
	p_created_at timestamptz,
	p_legs jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_transfer_id bigint;
	v_first_hash text;
	v_code text;
	v_row record;
	v_balance bigint;
	v_balances jsonb := '{}'::jsonb;
	v_members text[] := '{}';
BEGIN
	INSERT INTO ledger_transfer (idempotency_key, kind, currency, reference, memo, actor, request_hash, created_at)
	VALUES (p_key, p_kind, p_currency, p_reference, p_memo, p_actor, p_request_hash, p_created_at)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id INTO v_transfer_id;

	IF v_transfer_id IS NULL THEN
		SELECT t.id, t.request_hash INTO v_transfer_id, v_first_hash
		FROM ledger_transfer t WHERE t.idempotency_key = p_key;
		IF v_first_hash IS DISTINCT FROM p_request_hash THEN
			RETURN jsonb_build_object('status', 'conflict');
		END IF;
		SELECT coalesce(jsonb_object_agg(a.code, a.balance::text), '{}'::jsonb) INTO v_balances
		FROM ledger_account a
		JOIN jsonb_to_recordset(p_legs) AS l(code text) ON l.code = a.code
		WHERE a.tracks_balance;
		RETURN jsonb_build_object('status', 'repeat', 'transferId', v_transfer_id::text, 'balances', v_balances);
	END IF;

	SELECT l.code INTO v_code
	FROM jsonb_to_recordset(p_legs) AS l(code text, currency text, tracks boolean)
	JOIN ledger_account a ON a.code = l.code
	WHERE a.currency <> l.currency OR a.tracks_balance <> l.tracks
	LIMIT 1;
	IF v_code IS NOT NULL THEN
		RAISE EXCEPTION 'ledger: account % is stored with other terms than its code says', v_code;
	END IF;

	-- A debit from a tracked account nobody has used yet takes from a balance of zero.
	SELECT l.code INTO v_code
	FROM jsonb_to_recordset(p_legs) AS l(code text, tracks boolean, amount bigint)
	WHERE l.tracks AND l.amount < 0 AND NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.code = l.code)
	ORDER BY l.code
	LIMIT 1;

	IF v_code IS NULL THEN
		-- ORDER BY is applied before FOR UPDATE: the locks are taken in id order. The rows read are the
		-- latest committed versions, and stay so until this transaction ends.
		FOR v_row IN
			SELECT a.code, a.balance, l.amount
			FROM ledger_account a
			JOIN jsonb_to_recordset(p_legs) AS l(code text, amount bigint) ON l.code = a.code
			WHERE a.tracks_balance
			ORDER BY a.id
			FOR UPDATE OF a
		LOOP
			IF v_code IS NULL AND v_row.balance + v_row.amount < 0 THEN
				v_code := v_row.code;
			END IF;
		END LOOP;
	END IF;

	IF v_code IS NOT NULL THEN
		DELETE FROM ledger_transfer WHERE id = v_transfer_id;
		RETURN jsonb_build_object('status', 'insufficient', 'account', v_code);
	END IF;

	INSERT INTO ledger_account (code, kind, currency, member_id, tracks_balance)
	SELECT l.code, l.kind, l.currency, l.member_id, l.tracks
	FROM jsonb_to_recordset(p_legs) AS l(code text, kind text, currency text, member_id bigint, tracks boolean)
	WHERE NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.code = l.code)
	ORDER BY l.code
	ON CONFLICT (code) DO NOTHING;

	FOR v_row IN
		SELECT a.id, a.code, a.member_id, l.amount
		FROM ledger_account a
		JOIN jsonb_to_recordset(p_legs) AS l(code text, amount bigint) ON l.code = a.code
		WHERE a.tracks_balance
		ORDER BY a.id
	LOOP
		UPDATE ledger_account SET balance = balance + v_row.amount WHERE id = v_row.id
		RETURNING balance INTO v_balance;
		v_balances := v_balances || jsonb_build_object(v_row.code, v_balance::text);
		IF v_row.member_id IS NOT NULL THEN
			v_members := v_members || v_row.member_id::text;
		END IF;
	END LOOP;

	INSERT INTO ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
	SELECT v_transfer_id, a.id, l.amount, (v_balances ->> a.code)::bigint, p_created_at
	FROM ledger_account a
	JOIN jsonb_to_recordset(p_legs) AS l(code text, amount bigint) ON l.code = a.code
	ORDER BY a.id;

	RETURN jsonb_build_object(
		'status', 'ok',
		'transferId', v_transfer_id::text,
		'balances', v_balances,
		'memberIds', to_jsonb(v_members)
	);
END;
$$;
