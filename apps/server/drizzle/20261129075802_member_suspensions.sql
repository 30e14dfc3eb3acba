-- Staff's suspensions of a member (issue 27, Players -> Actions): betting_suspended refuses every new bet,
-- withdrawals_suspended every new withdrawal. provider_money_call (as in migration
-- 20261129044232_provider_bet_game_session) refuses a new bet of a betting-suspended player with
-- RS_ERROR_PLAYER_BLOCKED, as it does a player whose status is not active; a repeat of a bet already taken,
-- wins and rollbacks are unchanged (a round must always be able to close).
ALTER TABLE "member" ADD COLUMN "betting_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "withdrawals_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "provider_money_call"(p jsonb) RETURNS jsonb
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
	v_move record;
	v_wallet text;
	v_move_amount bigint := 0;
	v_ledger_id bigint;
	v_balance bigint;
	v_moved bigint;
	v_close text;
	v_tombstone bigint;
	v_game record;
	v_game_until timestamptz := (p->>'game_session_until')::timestamptz;
BEGIN
	SELECT m.id, m.type, m.status, m.betting_suspended INTO v_player FROM member m WHERE m.public_id = p->>'player_id';
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
		IF v_player.status <> 'active' OR v_player.betting_suspended THEN
			PERFORM provider_refuse('RS_ERROR_PLAYER_BLOCKED', 'the player may not play');
		END IF;
		v_demo := v_player.type = 4;
		IF v_demo AND NOT (p->>'allow_demo')::boolean THEN
			PERFORM provider_refuse('RS_ERROR_DEMO_NOT_ALLOWED', 'trial accounts may not play this vendor');
		END IF;
		-- A new bet needs the player's live game session (ADR 091); a repeat above was answered without one,
		-- as its money moved while the session lived. Wins and rollbacks never look: a round must close.
		IF coalesce((p->>'check_game_session')::boolean, true) THEN
			SELECT t.vendor_code, t.member_id, t.used_at, t.expires_at, s.revoked_at, s.expires_at AS site_expires_at
			INTO v_game
			FROM provider_launch_token t LEFT JOIN member_session s ON s.id = t.session_id
			WHERE t.token_hash = p->>'game_session_token_hash';
			IF NOT FOUND OR v_game.vendor_code <> v_vendor OR v_game.used_at IS NULL THEN
				PERFORM provider_refuse('RS_ERROR_INVALID_TOKEN', 'token: not a game session of this vendor (send the launch token authenticate accepted)');
			END IF;
			IF v_game.member_id <> v_player.id THEN
				PERFORM provider_refuse('RS_ERROR_INVALID_TOKEN', 'token: the game session of another player');
			END IF;
			IF v_game.revoked_at IS NOT NULL OR v_game.site_expires_at IS NULL OR v_game.site_expires_at <= v_at THEN
				PERFORM provider_refuse('RS_ERROR_INVALID_TOKEN', 'token: the player''s session has ended (logout, password change or expiry)');
			END IF;
			IF v_game.expires_at <= v_at THEN
				PERFORM provider_refuse('RS_ERROR_INVALID_TOKEN', 'token: the game session expired (no bet for too long)');
			END IF;
			-- Moved on at most once a minute, so a player betting every second does not write the row each time.
			IF v_game.expires_at < v_game_until - interval '60 seconds' THEN
				UPDATE provider_launch_token SET expires_at = greatest(expires_at, v_game_until)
				WHERE token_hash = p->>'game_session_token_hash';
			END IF;
		END IF;
		IF NOT v_is_free THEN
			v_move_amount := -v_amount;
		END IF;
		-- The round as this bet leaves it, in one write: created with the bet, or the bet added to the
		-- player's open round. A refusal below undoes it with the rest. The conflicting row is locked
		-- even when the WHERE refuses the update; the SELECT then says why.
		INSERT INTO provider_round (vendor_code, round_id, member_id, game_code, ledger_currency, opened_at, last_activity_at,
			bet_total, detail, status, closed_at, closed_by)
		VALUES (v_vendor, v_round_id, v_player.id, p->>'game_code', CASE WHEN v_demo THEN 'DEMO' ELSE 'REAL' END, v_at, v_at,
			-v_move_amount, v_detail, CASE WHEN v_closing THEN 'settled' ELSE 'open' END,
			CASE WHEN v_closing THEN v_at END, CASE WHEN v_closing THEN 'vendor' END)
		ON CONFLICT (vendor_code, round_id) DO UPDATE SET
			bet_total = provider_round.bet_total + excluded.bet_total,
			last_activity_at = excluded.last_activity_at,
			detail = coalesce(excluded.detail, provider_round.detail),
			status = excluded.status,
			closed_at = excluded.closed_at,
			closed_by = excluded.closed_by
		WHERE provider_round.member_id = excluded.member_id AND provider_round.ledger_currency = excluded.ledger_currency
			AND provider_round.status = 'open'
		RETURNING * INTO v_round;
		IF NOT FOUND THEN
			SELECT * INTO v_round FROM provider_round WHERE vendor_code = v_vendor AND round_id = v_round_id;
			IF v_round.member_id <> v_player.id OR v_round.ledger_currency <> (CASE WHEN v_demo THEN 'DEMO' ELSE 'REAL' END) THEN
				PERFORM provider_refuse('RS_ERROR_REFERENCE_MISMATCH', 'this round belongs to another player');
			END IF;
			PERFORM provider_refuse('RS_ERROR_ROUND_CLOSED', 'this round is closed');
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
		v_wallet := 'member:' || v_player.id || CASE WHEN v_demo THEN ':demo' ELSE ':main' END;
		v_move := ledger_transfer_pair(
			'provider:' || v_vendor || ':' || v_uuid,
			CASE v_kind WHEN 'rollback' THEN 'refund' ELSE v_kind END,
			CASE WHEN v_demo THEN 'DEMO' ELSE 'REAL' END,
			v_round.round_id,
			CASE v_kind
				WHEN 'bet' THEN v_vendor || ' ' || (p->>'game_code')
				WHEN 'win' THEN v_vendor || ' ' || (p->>'game_code') || ' ' || (p->>'win_kind')
				ELSE v_vendor || ' rollback of ' || v_bet.transaction_uuid
			END,
			'vendor:' || v_vendor,
			ledger_request_hash(CASE v_kind WHEN 'rollback' THEN 'refund' ELSE v_kind END, CASE WHEN v_demo THEN 'DEMO' ELSE 'REAL' END,
				ARRAY[v_wallet || '=' || v_move_amount, 'vendor:' || v_vendor || CASE WHEN v_demo THEN ':demo' ELSE '' END || '=' || (-v_move_amount)]),
			v_at,
			v_wallet, CASE WHEN v_demo THEN 'player_demo' ELSE 'player_main' END, v_player.id,
			'vendor:' || v_vendor || CASE WHEN v_demo THEN ':demo' ELSE '' END, CASE WHEN v_demo THEN 'game_vendor_demo' ELSE 'game_vendor' END,
			v_move_amount);
		IF v_move.status = 'insufficient' THEN
			PERFORM provider_refuse('RS_ERROR_NOT_ENOUGH_MONEY', 'the bet is more than the balance',
				provider_wallet_balance(v_player.id, v_demo));
		ELSIF v_move.status NOT IN ('ok', 'repeat') THEN
			RAISE EXCEPTION 'provider: the ledger answered % for %', v_move.status, v_uuid;
		END IF;
		v_balance := v_move.balance;
		IF v_move.status = 'ok' THEN
			v_moved := v_player.id;
		END IF;
		UPDATE provider_transaction SET ledger_transfer_id = v_move.transfer_id WHERE id = v_claimed;
	END IF;

	IF v_kind = 'rollback' THEN
		UPDATE provider_transaction SET status = 'rolled_back' WHERE id = v_bet.id;
	END IF;
	IF v_kind <> 'bet' THEN
		IF v_closing AND v_round.status = 'open' THEN
			v_close := CASE
				WHEN v_kind = 'rollback' AND v_round.refund_total + v_move_amount = v_round.bet_total AND v_round.win_total = 0
					THEN 'cancelled'
				ELSE 'settled'
			END;
		END IF;
		UPDATE provider_round SET
			win_total = win_total + CASE WHEN v_kind = 'win' THEN v_amount ELSE 0 END,
			refund_total = refund_total + CASE WHEN v_kind = 'rollback' THEN v_move_amount ELSE 0 END,
			last_activity_at = v_at,
			detail = coalesce(v_detail, detail),
			status = coalesce(v_close, status),
			closed_at = CASE WHEN v_close IS NULL THEN closed_at ELSE v_at END,
			closed_by = CASE WHEN v_close IS NULL THEN closed_by ELSE 'vendor' END
		WHERE id = v_round.id;
	END IF;

	IF v_balance IS NULL THEN
		v_balance := provider_wallet_balance(v_player.id, v_demo);
	END IF;
	RETURN jsonb_build_object('balance', v_balance::text, 'demo', v_demo, 'moved', v_moved::text);
END;
$$;
