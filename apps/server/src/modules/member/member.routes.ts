import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { api, headers } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalid } from '../../lib/errors.js';
import { registerRateLimit } from '../../lib/rate-limit.js';
import { route } from '../../lib/http.js';
import type { MemberService } from './member.service.js';
import type { PasswordService } from './password.service.js';
import { requestLanguage } from '../verification/index.js';
import { AVATAR_MAX_BYTES, avatarTooLarge } from './member.service.js';

/** Not a JSON call of the contract: it answers the image itself. */
export const AVATAR_PATH = '/wps/member/avatar/:publicId';
const avatarParamsSchema = z.object({ publicId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** Username/email guesses per address per minute on the forgot-password form. */
const FORGOT_BY_EMAIL_PER_MINUTE = 5;
/** How long closing waits for reset links asked for just before: past it, the member asks again. */
const CLOSE_WAITS_FOR_RESET_MAILS_MS = 5_000;

/**
 * Passwords and the member profile. Form bodies (forgot by email, SPEC section 7) and multipart
 * (avatar) are parsed only inside this plugin, so no other route accepts them by accident.
 */
export async function registerMemberRoutes(
  app: FastifyInstance,
  services: { member: MemberService; memberPasswords: PasswordService },
): Promise<void> {
  // Reset links are stored and mailed after their answer: let them finish before the database closes.
  app.addHook('onClose', () => services.memberPasswords.idle(CLOSE_WAITS_FOR_RESET_MAILS_MS));
  await app.register(async (scope) => {
    await scope.register(formbody);
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

    const language = (request: FastifyRequest) => requestLanguage(request.headers[headers.language]);

    route(scope, api.changePassword, async ({ member, body, origin }) => {
      await services.memberPasswords.change(member, body, origin);
      return {};
    });
    route(scope, api.resetByLink, async ({ body, origin }) => {
      await services.memberPasswords.resetByLink(body, origin);
      return {};
    });
    route(scope, api.resetSms, async ({ body, origin, request }) =>
      services.memberPasswords.resetSms(body, origin, language(request)),
    );
    route(scope, api.resetByPhone, ({ body, origin }) => services.memberPasswords.resetByPhone(body, origin));

    // A scope of its own, so the limit applies to this one route only.
    await scope.register(async (limited) => {
      await registerRateLimit(limited, {
        name: 'forgot-by-email',
        max: FORGOT_BY_EMAIL_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => request.location.ip || request.ip,
        errorResponseBuilder: (_request, context) =>
          new AppError('RATE_LIMITED', 'too many reset requests from this address', undefined, {
            secondsLeft: Math.max(1, Math.ceil(context.ttl / 1000)),
          }),
      });
      route(limited, api.forgotByEmail, async ({ body, request }) => {
        await services.memberPasswords.forgotByEmail(body, language(request));
        return {};
      });
    });

    route(scope, api.memberInfo, ({ member }) => services.member.info(member.id));
    route(scope, api.updateProfile, ({ member, body }) => services.member.updateProfile(member, body));
    route(scope, api.uploadAvatar, async ({ member, request }) =>
      services.member.uploadAvatar(member, await readIcon(request)),
    );
    route(scope, api.unread, ({ member }) => services.member.unread(member.id));

    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(AVATAR_PATH, { schema: { params: avatarParamsSchema } }, async (request, reply) => {
        const avatar = await services.member.avatar(request.params.publicId);
        return (
          reply
            .header('content-type', avatar.contentType)
            .header('cache-control', 'public, max-age=86400')
            // Uploaded bytes are served as exactly the type they were checked to be, never sniffed.
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'")
            .send(avatar.bytes)
        );
      });
  });
}

/** The one file of field `icon` from a multipart body, refused past AVATAR_MAX_BYTES. */
async function readIcon(request: FastifyRequest): Promise<Buffer> {
  const missing = () => invalid([{ path: 'icon', message: 'validation.required' }]);
  if (!request.isMultipart()) throw missing();
  const file = await request.file();
  if (!file || file.fieldname !== 'icon') throw missing();
  try {
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw avatarTooLarge();
    throw error;
  }
}
