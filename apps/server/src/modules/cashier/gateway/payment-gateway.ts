import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the cashier needs from an online payment provider. The sandbox is one adapter; a real provider
 * is another file beside it, registered in gateway-registry.ts. Nothing outside gateway/ knows how a
 * provider signs, encodes or names things.
 */

export interface GatewayOrderRequest {
  /** our deposit's public id, so the provider's records can be matched with ours */
  merchantOrderId: string;
  /** minor units */
  amount: bigint;
  currency: string;
}

export interface GatewayOrder {
  /** the provider's order id; stored in deposit.gateway_order_id */
  orderId: string;
  /** the hosted payment page the member is sent to */
  redirectUrl: string;
}

export type GatewayCallbackStatus = 'paid' | 'cancelled';

export interface GatewayCallback {
  orderId: string;
  /** minor units, as the provider says it was paid */
  amount: bigint;
  status: GatewayCallbackStatus;
  paidAt: Date | null;
  nonce: string;
}

export type CallbackVerdict =
  | { valid: true; callback: GatewayCallback }
  /** signatureValid true with reason malformed: signed by the provider, but not a shape we understand */
  | { valid: false; signatureValid: boolean; reason: 'invalid_signature' | 'malformed' };

/** One provider bound to one channel's credentials. */
export interface PaymentGateway {
  readonly provider: string;
  createOrder(order: GatewayOrderRequest): Promise<GatewayOrder>;
  /** the hosted page of an order made earlier: a repeated deposit request shows the same page */
  redirectUrlOf(orderId: string): string;
  /** checks the signature against the body exactly as received, then parses it */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): CallbackVerdict;
}

export interface PaymentProvider {
  readonly name: string;
  /** false: channels of this provider are neither listed nor usable on this deployment */
  readonly available: boolean;
  /**
   * The order an unverified callback claims to be about: it names the channel whose key can verify it.
   * Nothing is trusted until verifyCallback agrees.
   */
  claimedOrderId(rawBody: Buffer): string | null;
  /** the provider's part of a new channel's details (credentials, e.g. a fresh signing secret) */
  newChannelDetails(): Record<string, string>;
  gatewayFor(details: Record<string, string>): PaymentGateway;
}
