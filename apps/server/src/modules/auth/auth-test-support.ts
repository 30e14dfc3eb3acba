import { and, count, desc, eq, like } from 'drizzle-orm';
import type { Envelope, FieldRules, LoginResult, Whitelabel } from '@platform/contract';
import { member, outboxMessage } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import { authRepository, type MemberRow } from './auth.repository.js';

let addressSequence = 0;
/** A fresh caller address, so per-address limits and known addresses of one test do not touch another. */
export function nextAddress(): string {
  addressSequence += 1;
  return `10.${20 + Math.floor(addressSequence / 65_000)}.${Math.floor(addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function setWhitelabel(t: TestApp, changes: Partial<Whitelabel>): Promise<void> {
  const current = await t.services.settings.get('site.whitelabel');
  await t.services.settings.set('site.whitelabel', { ...current, ...changes });
}

export async function setFields(
  t: TestApp,
  changes: Partial<{ [K in keyof FieldRules]: Partial<FieldRules[K]> }>,
) {
  const current = await t.services.settings.get('register.fields');
  const next = { ...current };
  for (const [name, rule] of Object.entries(changes) as [
    keyof FieldRules,
    Partial<FieldRules[keyof FieldRules]>,
  ][]) {
    next[name] = { ...next[name], ...rule };
  }
  await t.services.settings.set('register.fields', next);
}

export { knownCaptcha } from '../../test/factories.js';

export async function memberCount(t: TestApp): Promise<number> {
  const rows = await t.handle.db.select({ value: count() }).from(member);
  return rows[0]?.value ?? 0;
}

export async function memberByUsername(t: TestApp, username: string): Promise<MemberRow | null> {
  const rows = await authRepository.findLoginCandidates(t.handle.db, username);
  return rows.find((row) => row.username.toLowerCase() === username.toLowerCase()) ?? null;
}

/** The newest 6-digit code sent to `to` (international form) whose text contains `marker`. */
export async function sentCode(t: TestApp, to: string, marker: string): Promise<string> {
  const rows = await t.handle.db
    .select()
    .from(outboxMessage)
    .where(and(eq(outboxMessage.recipient, to), like(outboxMessage.body, `%${marker}%`)))
    .orderBy(desc(outboxMessage.createdAt));
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to} matching ${marker}`);
  return code;
}

export async function outboxCount(t: TestApp, to: string): Promise<number> {
  const rows = await t.handle.db
    .select({ value: count() })
    .from(outboxMessage)
    .where(eq(outboxMessage.recipient, to));
  return rows[0]?.value ?? 0;
}

export function okLogin(body: Envelope<LoginResult>): Extract<LoginResult, { status: 'ok' }> {
  if (!body.success)
    throw new Error(`expected success, got ${body.code} ${JSON.stringify(body.issues ?? body.details)}`);
  if (body.value.status !== 'ok') throw new Error(`expected a session, got ${body.value.status}`);
  return body.value;
}
