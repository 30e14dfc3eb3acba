import type { AccountType, LoginResult, LoginUser, Settings } from '@platform/contract';
import { accountTypeSchema } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AuthServices } from './auth-helpers.js';
import { clubLabelOf } from './club-label.js';
import { authRepository, type MemberRow } from './auth.repository.js';
import type { RequestOrigin } from './session.service.js';
import { settingsIn } from '../system/index.js';

/**
 * How the member proved who they are. `password` and `new_ip` (a password login finished by its extra
 * proof) may force a password change; `sms` never does (SPEC section 4).
 */
export type LoginVia = 'password' | 'new_ip' | 'sms' | 'register' | 'reset' | 'free_play' | 'handoff';

export interface IssueLoginOptions {
  via: LoginVia;
  /** the password just proven, if any: compared with auth.defaultPassword */
  password?: string | null;
  /** more facts for the audit row */
  detail?: Record<string, unknown>;
  /** settings already read by the caller; otherwise they are read through `tx` */
  settings?: Settings;
}

type LoginServices = Pick<AuthServices, 'deps' | 'sessions' | 'audit' | 'passwords' | 'clubLabels'>;

const DAY_MS = 86_400_000;

export { clubLabelOf };

const accountTypeOf = (type: number): AccountType => {
  const parsed = accountTypeSchema.safeParse(type);
  // An unknown stored type is shown as a plain member rather than failing every login.
  return parsed.success ? parsed.data : 0;
};

/** True when the member's password is older than auth.passwordMaxAgeDays and PWDEXPFORCECHANGE3 is on. */
export function passwordExpiredBy(settings: Settings, row: MemberRow, now: Date): boolean {
  if (!row.passwordHash) return false;
  const maxAgeDays = settings['auth.passwordMaxAgeDays'];
  if (!settings['site.whitelabel'].PWDEXPFORCECHANGE3 || maxAgeDays <= 0) return false;
  const changedAt = row.passwordChangedAt ?? row.createdAt;
  return now.getTime() - changedAt.getTime() > maxAgeDays * DAY_MS;
}

/** The same, reading the settings (outside a transaction). */
export async function isPasswordExpired(
  services: Pick<AuthServices, 'deps' | 'settings'>,
  row: MemberRow,
): Promise<boolean> {
  return passwordExpiredBy(await services.settings.all(), row, services.deps.clock.now());
}

/** The login user info of SPEC section 3, from a member row. */
export async function presentLoginUser(
  db: Executor,
  row: MemberRow,
  flags: { firstTimeLogin: boolean; passwordExpired: boolean },
  labels: Pick<AuthServices['clubLabels'], 'of'>,
): Promise<LoginUser> {
  return {
    id: row.publicId,
    userName: row.username,
    account: row.account,
    nickname: row.nickname,
    type: accountTypeOf(row.type),
    toUpline: row.uplineId ? await authRepository.accountOf(db, row.uplineId) : null,
    clubLabel: await labels.of(row.rankLevel, db),
    firstTimeLogin: flags.firstTimeLogin,
    passwordExpired: flags.passwordExpired,
  };
}

/**
 * The one way to finish a login, inside the caller's transaction: a new session, the first-login flag,
 * last login time and address, the address remembered as known, the audit row, and whether the
 * change-password dialog must open. The caller has already checked credentials, access and the
 * new-address rule.
 */
export async function issueLogin(
  tx: Executor,
  services: LoginServices,
  memberRow: MemberRow,
  origin: RequestOrigin,
  options: IssueLoginOptions,
): Promise<LoginResult> {
  const settings = options.settings ?? (await settingsIn(tx));
  const now = services.deps.clock.now();
  const firstTimeLogin = memberRow.firstLoginAt === null;
  const updated = await authRepository.recordLogin(tx, memberRow.id, now, origin.ip);
  if (origin.ip) await authRepository.addKnownIp(tx, memberRow.id, origin.ip, now);
  const token = await services.sessions.issue(
    tx,
    memberRow.id,
    origin,
    settings['auth.sessionAbsoluteHours'],
  );

  const byPassword = options.via === 'password' || options.via === 'new_ip' || options.via === 'reset';
  const passwordExpired = options.via !== 'sms' && passwordExpiredBy(settings, updated, now);
  const defaultPassword = settings['auth.defaultPassword'];
  let usesDefault = false;
  if (byPassword && updated.passwordHash && defaultPassword !== null) {
    usesDefault =
      options.password != null
        ? options.password === defaultPassword
        : // A login finished by its new-address proof no longer has the password in hand.
          await services.passwords.verify(updated.passwordHash, defaultPassword);
  }

  await services.audit.record(
    'login',
    {
      memberId: memberRow.id,
      username: memberRow.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      detail: { via: options.via, ...options.detail },
    },
    tx,
  );
  return {
    status: 'ok',
    token,
    user: await presentLoginUser(tx, updated, { firstTimeLogin, passwordExpired }, services.clubLabels),
    mustChangePassword: byPassword && (usesDefault || passwordExpired),
  };
}
