import { createHmac, randomUUID } from 'node:crypto';
import { PROVIDER_PATH_PREFIX, providerHeaders } from '@platform/contract';
import type autocannon from 'autocannon';

/** The headers of one call signed with the vendor's secret, as a vendor sends it. */
export function signedBy(secret: string, raw: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
  return {
    'content-type': 'application/json',
    [providerHeaders.timestamp]: timestamp,
    [providerHeaders.signature]: signature,
  };
}

interface RoundContext {
  player?: string;
  bet?: string;
  round?: string;
}

interface VendorRounds {
  vendor: string;
  secret: string;
  /**
   * Each round is played by the next player of this list in turn (a round's bet and win by the same
   * one): with more players than connections, each plays a few rounds a second, as a busy site's
   * players do, rather than a handful of players betting without pause.
   */
  players: string[];
  /** Every answer, as the vendor would check it. */
  onResponse: (status: number, body: string) => void;
}

/**
 * Rounds as a slot vendor plays them, as autocannon's request list: on each connection a bet of 1.00, then
 * its win of 0.50 closing the round (the commonest pair), each signed.
 */
export function vendorRoundRequests({
  vendor,
  secret,
  players,
  onResponse,
}: VendorRounds): autocannon.Request[] {
  let nextPlayer = 0;
  const path = (call: string) => `${PROVIDER_PATH_PREFIX}/${vendor}/${call}`;
  const common = (context: RoundContext) => ({
    player_id: context.player,
    round: context.round,
    game_code: 'bench-slot',
    currency: 'BDT',
    is_free: false,
  });
  return [
    {
      method: 'POST',
      setupRequest: (request, context: RoundContext) => {
        context.player = players[nextPlayer++ % players.length];
        context.bet = randomUUID();
        context.round = `r-${randomUUID()}`;
        const body = JSON.stringify({
          ...common(context),
          request_uuid: randomUUID(),
          transaction_uuid: context.bet,
          round_closed: false,
          amount: '1.00',
        });
        return { ...request, path: path('bet'), headers: signedBy(secret, body), body };
      },
      onResponse,
    },
    {
      method: 'POST',
      setupRequest: (request, context: RoundContext) => {
        const body = JSON.stringify({
          ...common(context),
          request_uuid: randomUUID(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: context.bet,
          round_closed: true,
          amount: '0.50',
        });
        return { ...request, path: path('win'), headers: signedBy(secret, body), body };
      },
      onResponse,
    },
  ];
}
