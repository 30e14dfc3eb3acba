import { isProduction, type Config } from '../../../config.js';
import type { Rng } from '../../../lib/rng.js';
import type { PaymentProvider } from './payment-gateway.js';
import { SandboxProvider } from './sandbox-gateway.js';

/** The payment providers this server can talk to, by the name stored in a channel's details.provider. */
export class GatewayRegistry {
  private readonly providers = new Map<string, PaymentProvider>();

  constructor(deps: { config: Pick<Config, 'NODE_ENV'>; rng: Rng }) {
    // The sandbox's Pay button credits money nobody paid: never on a production deployment.
    this.add(new SandboxProvider(deps.rng, !isProduction(deps.config)));
  }

  private add(provider: PaymentProvider): void {
    this.providers.set(provider.name, provider);
  }

  /** a provider known to this build, available or not */
  get(name: string | undefined): PaymentProvider | null {
    return name === undefined ? null : (this.providers.get(name) ?? null);
  }

  /** a provider this deployment may use */
  available(name: string | undefined): PaymentProvider | null {
    const provider = this.get(name);
    return provider?.available ? provider : null;
  }

  names(): string[] {
    return [...this.providers.keys()];
  }
}
