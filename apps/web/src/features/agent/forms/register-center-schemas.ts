import {
  agentTierSchema,
  createDownlineSchema,
  createInviteLinkSchema,
  type AgentContractKind,
  type AgentCycle,
  type CreateInviteLink,
} from '@platform/contract';
import { z } from 'zod';

/** The new-account form: the contract's schema, with the password typed twice. Keys of the agent namespace. */
export const downlineFormSchema = createDownlineSchema
  .extend({
    username: z.string().trim().min(1, 'register.errors.username'),
    password: z.string().min(1, 'register.errors.password'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'register.errors.mismatch',
  })
  .transform(({ username, password, type }) => ({ username, password, type }));
export type DownlineFormValues = z.input<typeof downlineFormSchema>;

/** The invite-link form: a link for players, or for agents with an optional one-tier contract offer. */
export const inviteFormSchema = z
  .object({
    type: z.enum(['player', 'agent']),
    kind: z.string(),
    cycle: z.enum(['daily', 'weekly', 'semimonthly', 'monthly']),
    min: z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'offer.errors.min'),
    minActive: z.string().regex(/^\d{1,6}$/, 'offer.errors.minActive'),
    rate: z.string(),
  })
  .superRefine((values, context) => {
    if (values.type === 'agent' && values.kind && !/^(0|[1-9]\d?|100)(\.\d{1,2})?$/.test(values.rate)) {
      context.addIssue({ code: 'custom', path: ['rate'], message: 'offer.errors.rate' });
    }
  })
  .transform((values): CreateInviteLink => {
    if (values.type !== 'agent' || !values.kind) return { type: values.type };
    const kind = values.kind as AgentContractKind;
    return {
      type: 'agent',
      offer: {
        kind,
        ...(kind === 'dividend' ? { cycle: values.cycle as AgentCycle } : {}),
        tiers: [
          {
            min: values.min,
            minActive: Number(values.minActive),
            rateBp: Math.round(Number(values.rate) * 100),
          },
        ],
      },
    };
  })
  .pipe(
    createInviteLinkSchema.extend({
      offer: createInviteLinkSchema.shape.offer
        .unwrap()
        .extend({
          tiers: z.array(
            agentTierSchema.extend({ rateBp: z.number().int().min(1, 'offer.errors.rate').max(10_000) }),
          ),
        })
        .optional(),
    }),
  );
export type InviteFormValues = z.input<typeof inviteFormSchema>;
