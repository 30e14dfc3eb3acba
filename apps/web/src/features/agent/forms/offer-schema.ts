import {
  agentTierSchema,
  offerContractSchema,
  type AgentContractKind,
  type AgentCycle,
  type OfferContract,
} from '@platform/contract';
import { z } from 'zod';

/**
 * The offer form: one tier typed as a percentage, sent as the contract's offer (rate in basis points)
 * and checked again by the contract's own schema. Messages are keys of the agent namespace.
 */
export const offerFormSchema = (kind: AgentContractKind) =>
  z
    .object({
      downline: z.string().min(1, 'offer.errors.downline'),
      cycle: z.enum(['daily', 'weekly', 'semimonthly', 'monthly']),
      min: z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'offer.errors.min'),
      minActive: z.string().regex(/^\d{1,6}$/, 'offer.errors.minActive'),
      rate: z.string().regex(/^(0|[1-9]\d?|100)(\.\d{1,2})?$/, 'offer.errors.rate'),
    })
    .transform((values): OfferContract => ({
      downline: values.downline,
      kind,
      ...(kind === 'dividend' ? { cycle: values.cycle as AgentCycle } : {}),
      tiers: [
        {
          min: values.min,
          minActive: Number(values.minActive),
          rateBp: Math.round(Number(values.rate) * 100),
        },
      ],
    }))
    .pipe(
      offerContractSchema.extend({
        tiers: z.array(
          agentTierSchema.extend({ rateBp: z.number().int().min(1, 'offer.errors.rate').max(10_000) }),
        ),
      }),
    );
export type OfferFormValues = z.input<ReturnType<typeof offerFormSchema>>;
