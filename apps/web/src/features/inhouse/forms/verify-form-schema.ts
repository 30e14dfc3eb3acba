import { clientSeedSchema } from '@platform/contract';
import { z } from 'zod';
import type { SchemaMessages } from '@/lib/form-resolver';

/** The verification page's two forms, checked as the public verification call checks them. */
export const diceVerifySchema = z.object({
  serverSeed: z.string().trim().min(1).max(128),
  clientSeed: z.string().trim().pipe(clientSeedSchema),
  nonce: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/),
});
export type DiceVerifyValues = z.input<typeof diceVerifySchema>;
export const diceVerifyMessages: SchemaMessages<DiceVerifyValues> = {
  serverSeed: { too_small: 'validation.required', default: 'verify.error.serverSeed' },
  clientSeed: { default: 'verify.error.clientSeed' },
  nonce: { default: 'verify.error.nonce' },
};

export const crashVerifySchema = z.object({
  seed: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/),
  salt: z.string().trim().min(1).max(128),
});
export type CrashVerifyValues = z.input<typeof crashVerifySchema>;
export const crashVerifyMessages: SchemaMessages<CrashVerifyValues> = {
  seed: { default: 'verify.error.seed' },
  salt: { too_small: 'validation.required', default: 'verify.error.salt' },
};
