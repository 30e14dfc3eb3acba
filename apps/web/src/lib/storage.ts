/**
 * Browser storage that never throws (private mode, full quota, storage disabled): a failed read is
 * "nothing stored", a failed write is dropped.
 */
function wrap(pick: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        pick().setItem(key, value);
      } catch {
        /* storage unavailable: the value lives for this page only */
      }
    },
    remove(key: string): void {
      try {
        pick().removeItem(key);
      } catch {
        /* nothing to remove */
      }
    },
  };
}

export const storage = {
  local: wrap(() => window.localStorage),
  session: wrap(() => window.sessionStorage),
};

/** Every storage key the app uses, named as SPEC.md names them. */
export const storageKeys = {
  language: 'hisLang',
  theme: 'theme',
  merchant: 'merchant',
  token: 'token',
  account: 'account',
  isAgent: 'isAgent',
  memberLabel: 'memberLabel',
  sideMenuMini: 'sideMenuMini',
  favourites: 'LOTTFAV',
  /** the slots vendor chosen outside /rng, stored before the lobby opens (session storage) */
  vassalage: 'vassalage',
  /** the slot's free-play money (session storage; never on the ledger) */
  slotPlayMoney: 'slotPlayMoney',
  /** when the page last reloaded for a chunk of an older build (session storage; lib/stale-build) */
  staleBuildReloadAt: 'staleBuildReloadAt',
} as const;
