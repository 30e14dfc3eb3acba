import { adminLoginBodySchema } from '@platform/contract';
import { z } from 'zod';

/**
 * The login form's schema: the contract's body, with the fields the form shows made required. The
 * code is required once the server said TOTP_REQUIRED, the captcha once it said captchaRequired.
 * Messages are i18n keys (validation.*).
 */
export function loginFormSchema(needs: { otp: boolean; captcha: boolean }) {
  const shape = adminLoginBodySchema.shape;
  return adminLoginBodySchema.extend({
    username: shape.username.trim().min(1, 'validation.required'),
    password: shape.password.min(1, 'validation.required'),
    otp: needs.otp
      ? z.string({ error: 'validation.otpDigits' }).regex(/^\d{6}$/, 'validation.otpDigits')
      : shape.otp,
    captcha: needs.captcha
      ? z.string({ error: 'validation.required' }).min(1, 'validation.required').max(16)
      : shape.captcha,
  });
}

export type LoginFormValues = z.input<ReturnType<typeof loginFormSchema>>;
