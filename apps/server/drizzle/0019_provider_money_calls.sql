-- The vendors' money calls (bet, win, rollback), each in one statement: one round trip to the database
-- instead of seven (BEGIN, player, claim, round, ledger, finish, COMMIT). The rules are the ones the
-- provider service kept in TypeScript before (ADR 041); the service still checks what needs no database
-- (signature, clock, schema, currency, amount) and turns these functions' refusals into the API's answers.
--
-- A refusal is raised, so everything the call wrote (its claim, a new round) is undone with it:
-- SQLSTATE P0001 and the message 'RS_ERROR_<CODE>|<balance or empty>|<text>'. Anything else raised is a bug.

-- requestHashOf (modules/wallet/ledger.service.ts) in SQL: sha256 of JSON.stringify([kind, currency,
-- legs sorted]), each leg '<account>=<amount>'. Account codes, kinds and currencies hold no character JSON
-- would escape, so the text is built as JSON.stringify builds it (no spaces); a test holds the two equal.
CREATE FUNCTION "ledger_request_hash"(p_kind text, p_currency text, p_legs text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
	-- PL/pgSQL, not SQL: a SQL function called from PL/pgSQL is planned again on every call.
	RETURN encode(sha256(convert_to(
		'["' || p_kind || '","' || p_currency || '",['
		|| coalesce((SELECT string_agg('"' || leg || '"', ',' ORDER BY leg COLLATE "C") FROM unnest(p_legs) AS leg), '')
		|| ']]', 'UTF8')), 'hex');
END;
$$;
--> statement-breakpoint

-- Money between a player's wallet and a vendor's account, through ledger_transfer_apply: the member's
-- main (or demo) account and vendor:<code> (or vendor:<code>:demo), as accountSpecOf names them.
CREATE FUNCTION "provider_ledger_move"(
	p_key text,
	p_kind text,
	p_demo boolean,
	p_member_id bigint,
	p_vendor text,
	p_player_amount bigint,
	p_reference text,
	p_memo text,
	p_at timestamptz
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_player text := 'member:' || p_member_id || CASE WHEN p_demo THEN ':demo' ELSE ':main' END;
	v_vendor text := 'vendor:' || p_vendor || CASE WHEN p_demo THEN ':demo' ELSE '' END;
	v_currency text := CASE WHEN p_demo THEN 'DEMO' ELSE 'REAL' END;
BEGIN
	RETURN ledger_transfer_apply(
		p_key, p_kind, v_currency, p_reference, p_memo, 'vendor:' || p_vendor,
		ledger_request_hash(p_kind, v_currency, ARRAY[v_player || '=' || p_player_amount, v_vendor || '=' || (-p_player_amount)]),
		p_at,
		jsonb_build_array(
			jsonb_build_object('code', v_player, 'kind', CASE WHEN p_demo THEN 'player_demo' ELSE 'player_main' END,
				'currency', v_currency, 'member_id', p_member_id::text, 'tracks', true, 'amount', p_player_amount::text),
			jsonb_build_object('code', v_vendor, 'kind', CASE WHEN p_demo THEN 'game_vendor_demo' ELSE 'game_vendor' END,
				'currency', v_currency, 'member_id', NULL, 'tracks', false, 'amount', (-p_player_amount)::text)
		)
	);
END;
$$;
--> statement-breakpoint

-- A player's balance on a wallet (0 for an account not used yet).
CREATE FUNCTION "provider_wallet_balance"(p_member_id bigint, p_demo boolean) RETURNS bigint
LANGUAGE plpgsql STABLE
AS $$
DECLARE
	v_balance bigint;
BEGIN
	SELECT balance INTO v_balance FROM ledger_account
	WHERE code = 'member:' || p_member_id || CASE WHEN p_demo THEN ':demo' ELSE ':main' END;
	RETURN coalesce(v_balance, 0);
END;
$$;
--> statement-breakpoint

CREATE FUNCTION "provider_refuse"(p_code text, p_text text, p_balance bigint DEFAULT NULL) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
	RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = p_code || '|' || coalesce(p_balance::text, '') || '|' || p_text;
END;
$$;
--> statement-breakpoint

-- p: {vendor, allow_demo, kind ('bet'|'win'|'rollback'), transaction_uuid, player_id, round, reference_uuid,
-- game_code, amount (text or null), is_free, win_kind, request_uuid, round_closed, detail (jsonb or null), at}
-- Answers {balance (text), demo, moved (the member id whose balance moved, or null)}.
CREATE FUNCTION "provider_money_call"(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_vendor text := p->>'vendor';
	v_kind text := p->>'kind';
	v_uuid text := p->>'transaction_uuid';
	v_round_id text := p->>'round';
	v_reference text := p->>'reference_uuid';
	v_amount bigint := (p->>'amount')::bigint;
	v_is_free boolean := (p->>'is_free')::boolean;
	v_at timestamptz := (p->>'at')::timestamptz;
	v_detail jsonb := CASE WHEN jsonb_typeof(p->'detail') = 'object' THEN p->'detail' ELSE NULL END;
	v_closing boolean := (p->>'round_closed')::boolean;
	v_player record;
	v_claimed bigint;
	v_first provider_transaction%ROWTYPE;
	v_bet provider_transaction%ROWTYPE;
	v_round provider_round%ROWTYPE;
	v_demo boolean;
	v_move jsonb;
	v_move_amount bigint := 0;
	v_ledger_id bigint;
	v_balance bigint;
	v_moved bigint;
	v_close text;
	v_tombstone bigint;
BEGIN
	SELECT m.id, m.type, m.status INTO v_player FROM member m WHERE m.public_id = p->>'player_id';
	IF NOT FOUND THEN
		PERFORM provider_refuse('RS_ERROR_UNKNOWN_PLAYER', 'no such player');
	END IF;

	-- The transaction id is claimed first: a concurrent copy waits here for the first and is answered as
	-- its repeat, never as a second movement.
	INSERT INTO provider_transaction (vendor_code, transaction_uuid, kind, status, member_id, round_id, reference_uuid,
		game_code, amount, is_free, win_kind, request_uuid, created_at)
	VALUES (v_vendor, v_uuid, v_kind, 'ok', v_player.id, v_round_id, v_reference, p->>'game_code', v_amount, v_is_free,
		CASE WHEN v_kind = 'win' THEN p->>'win_kind' END, p->>'request_uuid', v_at)
	ON CONFLICT (vendor_code, transaction_uuid) DO NOTHING
	RETURNING id INTO v_claimed;

	IF v_claimed IS NULL THEN
		SELECT * INTO v_first FROM provider_transaction
		WHERE vendor_code = v_vendor AND transaction_uuid = v_uuid FOR UPDATE;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'provider: a claimed transaction id has no row';
		END IF;
		IF v_kind = 'bet' AND v_first.kind = 'bet' AND v_first.status = 'tombstone' THEN
			PERFORM provider_refuse('RS_ERROR_TRANSACTION_ROLLED_BACK', 'this bet was rolled back before it arrived');
		END IF;
		IF v_first.kind <> v_kind OR v_first.status = 'tombstone' OR v_first.member_id <> v_player.id
			OR v_first.amount IS DISTINCT FROM v_amount OR v_first.round_id <> v_round_id
			OR (v_kind <> 'bet' AND v_first.reference_uuid IS DISTINCT FROM v_reference) THEN
			PERFORM provider_refuse('RS_ERROR_DUPLICATE_TRANSACTION', 'this transaction_uuid was used for another movement');
		END IF;
		-- A repeat: the first result, with the balance as it is now.
		v_demo := v_player.type = 4;
		RETURN jsonb_build_object('balance', provider_wallet_balance(v_player.id, v_demo)::text, 'demo', v_demo, 'moved', NULL);
	END IF;

	IF v_kind = 'bet' THEN
		IF v_player.status <> 'active' THEN
			PERFORM provider_refuse('RS_ERROR_PLAYER_BLOCKED', 'the player may not play');
		END IF;
		v_demo := v_player.type = 4;
		IF v_demo AND NOT (p->>'allow_demo')::boolean THEN
			PERFORM provider_refuse('RS_ERROR_DEMO_NOT_ALLOWED', 'trial accounts may not play this vendor');
		END IF;
		-- Created open if new, locked either way (the no-op update takes the row lock).
		INSERT INTO provider_round (vendor_code, round_id, member_id, game_code, ledger_currency, opened_at, last_activity_at)
		VALUES (v_vendor, v_round_id, v_player.id, p->>'game_code', CASE WHEN v_demo THEN 'DEMO' ELSE 'REAL' END, v_at, v_at)
		ON CONFLICT (vendor_code, round_id) DO UPDATE SET round_id = provider_round.round_id
		RETURNING * INTO v_round;
		IF v_round.member_id <> v_player.id OR v_round.ledger_currency <> (CASE WHEN v_demo THEN 'DEMO' ELSE 'REAL' END) THEN
			PERFORM provider_refuse('RS_ERROR_REFERENCE_MISMATCH', 'this round belongs to another player');
		END IF;
		IF v_round.status <> 'open' THEN
			PERFORM provider_refuse('RS_ERROR_ROUND_CLOSED', 'this round is closed');
		END IF;
		IF NOT v_is_free THEN
			v_move_amount := -v_amount;
		END IF;
	ELSE
		IF v_kind = 'rollback' THEN
			-- Holding the bet's id: a bet in flight makes this wait for it; a bet not seen yet finds this
			-- tombstone when it arrives and is refused.
			INSERT INTO provider_transaction (vendor_code, transaction_uuid, kind, status, member_id, round_id, reference_uuid,
				game_code, amount, is_free, request_uuid, created_at)
			VALUES (v_vendor, v_reference, 'bet', 'tombstone', v_player.id, v_round_id, NULL, p->>'game_code', v_amount,
				v_is_free, p->>'request_uuid', v_at)
			ON CONFLICT (vendor_code, transaction_uuid) DO NOTHING
			RETURNING id INTO v_tombstone;
			IF v_tombstone IS NOT NULL THEN
				v_demo := v_player.type = 4;
				RETURN jsonb_build_object('balance', provider_wallet_balance(v_player.id, v_demo)::text, 'demo', v_demo, 'moved', NULL);
			END IF;
		END IF;
		SELECT * INTO v_bet FROM provider_transaction
		WHERE vendor_code = v_vendor AND transaction_uuid = v_reference FOR UPDATE;
		IF NOT FOUND THEN
			IF v_kind = 'rollback' THEN
				RAISE EXCEPTION 'provider: the bet vanished under its lock';
			END IF;
			PERFORM provider_refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'no bet with this reference (yet)');
		END IF;
		IF v_bet.kind <> 'bet' THEN
			PERFORM provider_refuse('RS_ERROR_REFERENCE_MISMATCH', 'the reference is not a bet');
		END IF;
		IF v_kind = 'win' AND v_bet.status <> 'ok' THEN
			PERFORM provider_refuse('RS_ERROR_TRANSACTION_ROLLED_BACK', 'the bet was rolled back');
		END IF;
		IF v_bet.member_id <> v_player.id OR v_bet.round_id <> v_round_id THEN
			PERFORM provider_refuse('RS_ERROR_REFERENCE_MISMATCH', 'the bet belongs to another player or round');
		END IF;
		IF v_kind = 'rollback' THEN
			IF v_bet.status <> 'ok' THEN
				-- Rolled back already (or a tombstone): acknowledged, nothing moves.
				v_demo := v_player.type = 4;
				RETURN jsonb_build_object('balance', provider_wallet_balance(v_player.id, v_demo)::text, 'demo', v_demo, 'moved', NULL);
			END IF;
			IF v_amount IS NOT NULL AND v_amount <> v_bet.amount THEN
				PERFORM provider_refuse('RS_ERROR_REFERENCE_MISMATCH', 'the amount is not the bet amount');
			END IF;
			IF EXISTS (SELECT 1 FROM provider_transaction w
				WHERE w.vendor_code = v_vendor AND w.reference_uuid = v_bet.transaction_uuid AND w.kind = 'win') THEN
				PERFORM provider_refuse('RS_ERROR_BET_SETTLED', 'the bet has a win already');
			END IF;
		END IF;
		SELECT * INTO v_round FROM provider_round
		WHERE vendor_code = v_vendor AND round_id = v_bet.round_id FOR UPDATE;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'provider: the round % of a stored bet is missing', v_bet.round_id;
		END IF;
		IF v_kind = 'win' AND v_round.status <> 'open' THEN
			PERFORM provider_refuse('RS_ERROR_ROUND_CLOSED', 'this round is closed');
		END IF;
		-- The round's money decides the wallet: a win or refund goes where its bet came from.
		v_demo := v_round.ledger_currency = 'DEMO';
		IF v_kind = 'win' THEN
			v_move_amount := v_amount;
		ELSIF NOT v_bet.is_free THEN
			v_move_amount := coalesce(v_bet.amount, 0);
		END IF;
	END IF;

	IF v_move_amount <> 0 THEN
		v_move := provider_ledger_move(
			'provider:' || v_vendor || ':' || v_uuid,
			CASE v_kind WHEN 'rollback' THEN 'refund' ELSE v_kind END,
			v_demo, v_player.id, v_vendor, v_move_amount, v_round.round_id,
			CASE v_kind
				WHEN 'bet' THEN v_vendor || ' ' || (p->>'game_code')
				WHEN 'win' THEN v_vendor || ' ' || (p->>'game_code') || ' ' || (p->>'win_kind')
				ELSE v_vendor || ' rollback of ' || v_bet.transaction_uuid
			END,
			v_at);
		IF v_move->>'status' = 'insufficient' THEN
			PERFORM provider_refuse('RS_ERROR_NOT_ENOUGH_MONEY', 'the bet is more than the balance',
				provider_wallet_balance(v_player.id, v_demo));
		ELSIF v_move->>'status' NOT IN ('ok', 'repeat') THEN
			RAISE EXCEPTION 'provider: the ledger answered % for %', v_move->>'status', v_uuid;
		END IF;
		v_ledger_id := (v_move->>'transferId')::bigint;
		v_balance := (v_move->'balances'->>('member:' || v_player.id || CASE WHEN v_demo THEN ':demo' ELSE ':main' END))::bigint;
		IF v_move->>'status' = 'ok' THEN
			v_moved := v_player.id;
		END IF;
		UPDATE provider_transaction SET ledger_transfer_id = v_ledger_id WHERE id = v_claimed;
	END IF;

	IF v_kind = 'rollback' THEN
		UPDATE provider_transaction SET status = 'rolled_back' WHERE id = v_bet.id;
	END IF;
	IF v_closing AND v_round.status = 'open' THEN
		v_close := CASE
			WHEN v_kind = 'rollback' AND v_round.refund_total + v_move_amount = v_round.bet_total AND v_round.win_total = 0
				THEN 'cancelled'
			ELSE 'settled'
		END;
	END IF;
	UPDATE provider_round SET
		bet_total = bet_total + CASE WHEN v_kind = 'bet' THEN -v_move_amount ELSE 0 END,
		win_total = win_total + CASE WHEN v_kind = 'win' THEN v_amount ELSE 0 END,
		refund_total = refund_total + CASE WHEN v_kind = 'rollback' THEN v_move_amount ELSE 0 END,
		last_activity_at = v_at,
		detail = coalesce(v_detail, detail),
		status = coalesce(v_close, status),
		closed_at = CASE WHEN v_close IS NULL THEN closed_at ELSE v_at END,
		closed_by = CASE WHEN v_close IS NULL THEN closed_by ELSE 'vendor' END
	WHERE id = v_round.id;

	IF v_balance IS NULL THEN
		v_balance := provider_wallet_balance(v_player.id, v_demo);
	END IF;
	RETURN jsonb_build_object('balance', v_balance::text, 'demo', v_demo, 'moved', v_moved::text);
END;
$$;
