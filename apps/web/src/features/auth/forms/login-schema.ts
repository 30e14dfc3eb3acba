import { loginBodySchema } from '@platform/contract';
import { z } from 'zod';
import type { SchemaMessages } from '@/lib/form-resolver';

/**
 * The login form: the contract's login body, trimmed (SPEC section 5: inputs trimmed) and required;
 * the captcha only when it is shown. Loads with the login panel, never in the first load.
 */
const requiredText = (schema: z.ZodString) => z.string().trim().pipe(schema.min(1));

export const loginFormSchema = (captchaShown: boolean) =>
  z.object({
    username: requiredText(loginBodySchema.shape.username),
    password: requiredText(loginBodySchema.shape.password),
    captcha: captchaShown ? requiredText(loginBodySchema.shape.captcha.unwrap()) : z.string().trim(),
  });
export type LoginFormValues = z.input<ReturnType<typeof loginFormSchema>>;

export const loginFormMessages: SchemaMessages<LoginFormValues> = {
  username: { too_small: 'validation.required' },
  password: { too_small: 'validation.required' },
  captcha: { too_small: 'validation.required' },
};
