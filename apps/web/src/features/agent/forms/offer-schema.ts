import {
  agentTierSchema,
  offerContractSchema,
  type AgentContractKind,
  type AgentCycle,
  type AgentTier,
  type OfferContract,
} from '@platform/contract';
import { z } from 'zod';

/** The cycles an upline chooses for a dividend (the wages' cycles follow from their kind). */
export const dividendCycles = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendCycle = (typeof dividendCycles)[number];
export const isDividendCycle = (cycle: AgentCycle): cycle is DividendCycle =>
  (dividendCycles as readonly AgentCycle[]).includes(cycle);

const RATE_PATTERN = /^(0|[1-9]\d?|100)(\.\d{1,2})?$/;

/**
 * The four terms of a one-tier offer as typed (OfferTermsFields): shared by the contract page's offer
 * form and registerCenter's invite-link form. Messages are keys of the agent namespace.
 */
export const offerTermsShape = {
  cycle: z.enum(dividendCycles),
  min: z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'offer.errors.min'),
  minActive: z.string().regex(/^\d{1,6}$/, 'offer.errors.minActive'),
  rate: z.string().regex(RATE_PATTERN, 'offer.errors.rate'),
};

/** The rate as typed is checked only when an offer is made (an invite link without one has no rate). */
export const isRate = (text: string) => RATE_PATTERN.test(text);

/** The typed terms as the contract's offer: the cycle for a dividend only, the rate in basis points. */
export const offerOf = (
  kind: AgentContractKind,
  values: { cycle: AgentCycle; min: string; minActive: string; rate: string },
): { kind: AgentContractKind; cycle?: AgentCycle; tiers: AgentTier[] } => ({
  kind,
  ...(kind === 'dividend' ? { cycle: values.cycle } : {}),
  tiers: [
    { min: values.min, minActive: Number(values.minActive), rateBp: Math.round(Number(values.rate) * 100) },
  ],
});

/** A tier as the forms send it: a rate of 0 is refused here (an offer of nothing is a mistake). */
export const offeredTiersSchema = z.array(
  agentTierSchema.extend({ rateBp: z.number().int().min(1, 'offer.errors.rate').max(10_000) }),
);

/** The offer form: one tier typed as a percentage, checked again by the contract's own schema. */
export const offerFormSchema = (kind: AgentContractKind) =>
  z
    .object({ downline: z.string().min(1, 'offer.errors.downline'), ...offerTermsShape })
    .transform((values): OfferContract => ({ downline: values.downline, ...offerOf(kind, values) }))
    .pipe(offerContractSchema.extend({ tiers: offeredTiersSchema }));
export type OfferFormValues = z.input<ReturnType<typeof offerFormSchema>>;
