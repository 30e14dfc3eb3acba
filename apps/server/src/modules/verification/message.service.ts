import type { OutboxMessage } from '@platform/contract';
import nodemailer from 'nodemailer';
import { servesDevOutbox, type Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import type { MessageSender } from './message-sender.js';
import { outboxRepository, type OutboxChannel } from './outbox.repository.js';

/** How a message leaves the server; `deliver` throws when the provider refuses it. */
export interface Provider {
  readonly name: string;
  /** false for the outbox provider: the row is the delivery */
  readonly delivers: boolean;
  deliver(message: { to: string; subject: string | null; text: string }): Promise<void>;
}

const SMS_HTTP_TIMEOUT_MS = 10_000;
const OUTBOX_PAGE = 50;

const outboxOnly: Provider = { name: 'outbox', delivers: false, deliver: async () => undefined };

/** An HTTP SMS gateway: POST {to, text} as JSON with a bearer token; anything but 2xx is a failure. */
export function httpSmsProvider(url: string, token: string | undefined): Provider {
  return {
    name: 'http',
    delivers: true,
    async deliver({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
      });
      // Read the body so the connection is released, and keep a little of it for the record.
      const answer = (await response.text().catch(() => '')).slice(0, 200);
      if (!response.ok) throw new Error(`gateway answered ${response.status}${answer ? `: ${answer}` : ''}`);
    },
  };
}

export function smtpProvider(smtpUrl: string, from: string): Provider {
  // One transport for the life of the server: nodemailer pools nothing unless asked, but parses once.
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    delivers: true,
    async deliver({ to, subject, text }) {
      await transport.sendMail({ from, to, subject: subject ?? '', text });
    },
  };
}

export function smsProviderFrom(config: Config): Provider {
  return config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL
    ? httpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN)
    : outboxOnly;
}

export function emailProviderFrom(config: Config): Provider {
  return config.EMAIL_PROVIDER === 'smtp' && config.SMTP_URL
    ? smtpProvider(config.SMTP_URL, config.EMAIL_FROM)
    : outboxOnly;
}

/**
 * Every SMS and email is written to the outbox first, then handed to the configured provider, and the
 * row records how that went. A failed delivery is an INTERNAL error for the caller: the member has to
 * know the code is not coming.
 */
export class MessageService implements MessageSender {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly config: Pick<Config, 'DEV_OUTBOX' | 'NODE_ENV'>,
    private readonly smsProvider: Provider,
    private readonly emailProvider: Provider,
  ) {}

  sms(to: string, text: string): Promise<void> {
    return this.send('sms', this.smsProvider, to, null, text);
  }

  email(to: string, subject: string, text: string): Promise<void> {
    return this.send('email', this.emailProvider, to, subject, text);
  }

  /** GET /wps/dev/outbox: what was sent, newest first; 404 unless the development outbox is on. */
  async devOutbox(to: string | undefined): Promise<OutboxMessage[]> {
    if (!servesDevOutbox(this.config)) throw new AppError('NOT_FOUND', 'development outbox is off');
    const rows = await outboxRepository.recent(this.db, recipientKey(to), OUTBOX_PAGE);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  private async send(
    channel: OutboxChannel,
    provider: Provider,
    to: string,
    subject: string | null,
    text: string,
  ): Promise<void> {
    const id = newId(this.rng, 'msg');
    await outboxRepository.insert(this.db, {
      id,
      channel,
      recipient: to,
      subject,
      body: text,
      provider: provider.name,
      status: 'stored',
      error: null,
      createdAt: this.clock.now(),
    });
    if (!provider.delivers) return;
    try {
      await provider.deliver({ to, subject, text });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await outboxRepository.setStatus(this.db, id, 'failed', reason.slice(0, 500));
      throw new AppError('INTERNAL', `${channel} to ${to} failed: ${reason}`);
    }
    await outboxRepository.setStatus(this.db, id, 'sent', null);
  }
}

/**
 * A query string turns '+' into a space, so '?to=+8801712345678' arrives as ' 8801712345678': a
 * number is matched with or without its plus sign.
 */
function recipientKey(to: string | undefined): string | undefined {
  const trimmed = to?.trim();
  if (!trimmed) return undefined;
  return /^\+?\d+$/.test(trimmed) ? `+${trimmed.replace(/^\+/, '')}` : trimmed;
}
