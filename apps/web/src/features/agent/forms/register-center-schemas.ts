import {
  createDownlineSchema,
  createInviteLinkSchema,
  type AgentContractKind,
  type CreateInviteLink,
} from '@platform/contract';
import { z } from 'zod';
import { isRate, offerOf, offeredTiersSchema, offerTermsShape } from './offer-schema';

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
    ...offerTermsShape,
    // Checked below: only a link that carries an offer has a rate.
    rate: z.string(),
  })
  .superRefine((values, context) => {
    if (values.type === 'agent' && values.kind && !isRate(values.rate)) {
      context.addIssue({ code: 'custom', path: ['rate'], message: 'offer.errors.rate' });
    }
  })
  .transform((values): CreateInviteLink => {
    if (values.type !== 'agent' || !values.kind) return { type: values.type };
    return { type: 'agent', offer: offerOf(values.kind as AgentContractKind, values) };
  })
  .pipe(
    createInviteLinkSchema.extend({
      offer: createInviteLinkSchema.shape.offer.unwrap().extend({ tiers: offeredTiersSchema }).optional(),
    }),
  );
export type InviteFormValues = z.input<typeof inviteFormSchema>;
