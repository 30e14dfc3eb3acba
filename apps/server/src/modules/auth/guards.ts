import { isTrialType } from '@platform/contract';
import { AppError } from '../../lib/errors.js';
import type { AuthenticatedMember } from './session.service.js';

/**
 * Trial (free-play) accounts play with demo money: every real-money or social action calls this first
 * (SPEC sections 5 and 6, 'need a true account').
 */
export function requireRealAccount(member: AuthenticatedMember): void {
  if (isTrialType(member.type)) throw new AppError('NEED_REAL_ACCOUNT', 'trial accounts cannot do this');
}
