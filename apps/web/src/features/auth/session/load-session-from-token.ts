import type { LoginUser, MemberInfo } from '@platform/contract/client';
import { getMemberInfo } from '../api/get-member-info';
import { handleUnauthorized } from './unauthorized-guard';
import { notifySession, storeUser } from './session-store';

export const toLoginUser = (info: MemberInfo): LoginUser => ({
  id: info.id,
  userName: info.userName,
  account: info.account,
  nickname: info.nickname,
  type: info.type,
  toUpline: info.toUpline,
  clubLabel: info.clubLabel,
  firstTimeLogin: info.firstTimeLogin,
  passwordExpired: info.passwordExpired,
});

/**
 * A token arrived (from the URL, or a stored one at start): load the member it belongs to and keep
 * them as the logged-in user. A refused token drops the session.
 */
export async function loadSessionFromToken(): Promise<void> {
  notifySession();
  try {
    storeUser(toLoginUser(await getMemberInfo()));
  } catch (error) {
    handleUnauthorized(error);
  }
}
