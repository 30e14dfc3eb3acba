import type { AddressInfo } from 'node:net';
import { displayMoney } from '@platform/contract';
import type { AppDeps } from '../../../lib/deps.js';
import type { SettingsService } from '../../system/index.js';
import type { DepositService } from '../deposit.service.js';
import type { GatewayRegistry } from './gateway-registry.js';
import type { SandboxOrderView } from './sandbox-page.js';
import {
  deliverSandboxCallback,
  SANDBOX_CALLBACK_PATH,
  SANDBOX_PROVIDER,
  sandboxCallbackFor,
  type DeliveryLog,
} from './sandbox-gateway.js';

export type SandboxDecision =
  | { outcome: 'not_found' }
  | { outcome: 'closed'; state: string }
  | { outcome: 'no_callback_url' }
  /** the callback went out; `accepted` tells whether the first attempt was answered 2xx */
  | { outcome: 'sent'; accepted: boolean };

interface Services {
  deps: Pick<AppDeps, 'clock' | 'rng' | 'config'>;
  settings: Pick<SettingsService, 'get'>;
  deposits: Pick<DepositService, 'gatewayOrder'>;
  gateways: Pick<GatewayRegistry, 'available'>;
}

/**
 * The sandbox payment provider's side of a payment, as a real provider would run it on its own site:
 * which orders its page may show, when an order can still be paid, and the signed callback it sends
 * back to us when the member pays or cancels. The routes only render the pages.
 */
export class SandboxCheckoutService {
  constructor(private readonly services: Services) {}

  /** The sandbox is offered at all (never in production). */
  get offered(): boolean {
    return this.services.gateways.available(SANDBOX_PROVIDER) !== null;
  }

  async view(orderId: string): Promise<SandboxOrderView | null> {
    const order = await this.order(orderId);
    if (!order) return null;
    const [siteName, currency] = await Promise.all([
      this.services.settings.get('site.name'),
      this.services.settings.get('site.currency'),
    ]);
    const state = this.payableState(order);
    return {
      orderId,
      merchant: `${siteName} (${this.services.deps.config.MERCHANT_CODE})`,
      // the stand-in provider's page is in English
      amount: displayMoney(order.deposit.amount, { currency: currency.code, locale: currency.locales.en }),
      reference: order.deposit.publicId,
      payable: state === null,
      state: state ?? '',
    };
  }

  /**
   * The member pays or cancels: a signed callback goes to `serverAddress` (this server's listening
   * address) or the site's public address. The first try is awaited, so a member who returns at once
   * sees the result; the retries go on alone.
   */
  async decide(
    orderId: string,
    action: 'pay' | 'cancel',
    serverAddress: AddressInfo | string | null,
    log: DeliveryLog,
  ): Promise<SandboxDecision> {
    const order = await this.order(orderId);
    if (!order) return { outcome: 'not_found' };
    const state = this.payableState(order);
    if (state !== null) return { outcome: 'closed', state };
    const url = this.callbackUrl(serverAddress);
    if (!url) return { outcome: 'no_callback_url' };
    const delivery = sandboxCallbackFor({
      url,
      secret: order.channel.details.secret ?? '',
      orderId,
      amount: order.deposit.amount,
      status: action === 'pay' ? 'paid' : 'cancelled',
      at: this.services.deps.clock.now(),
      nonce: this.services.deps.rng.bytes(16).toString('hex'),
    });
    const first = await deliverSandboxCallback(delivery, { log }).first;
    return { outcome: 'sent', accepted: first.status !== null && first.status >= 200 && first.status < 300 };
  }

  private async order(orderId: string) {
    if (!this.offered) return null;
    const order = await this.services.deposits.gatewayOrder(orderId);
    if (!order || order.channel.details.provider !== SANDBOX_PROVIDER) return null;
    return order;
  }

  private payableState(order: NonNullable<Awaited<ReturnType<SandboxCheckoutService['order']>>>) {
    if (order.deposit.status !== 'pending') return `it is ${order.deposit.status}`;
    if (order.deposit.expiresAt <= this.services.deps.clock.now()) return 'it has expired';
    return null;
  }

  /**
   * Where the sandbox posts: this server's own listening address (the sandbox runs inside it, so that
   * address always reaches it), else the site's public address. Never the request's Host header,
   * which the caller chooses.
   */
  private callbackUrl(address: AddressInfo | string | null): string | null {
    if (address && typeof address !== 'string') {
      const wildcard = address.address === '0.0.0.0' || address.address === '::';
      const host = wildcard
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
      return `http://${host}:${address.port}${SANDBOX_CALLBACK_PATH}`;
    }
    const publicUrl = this.services.deps.config.PUBLIC_URL;
    return publicUrl ? new URL(SANDBOX_CALLBACK_PATH, publicUrl).toString() : null;
  }
}
