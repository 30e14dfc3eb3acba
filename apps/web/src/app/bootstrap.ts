import type { QueryClient } from '@tanstack/react-query';
import { initI18n } from '@/i18n';
import { loadSessionFromToken } from '@/features/auth';
import { permissionQueryOptions, systemStatusQueryOptions } from '@/features/system';
import { storage, storageKeys } from '@/lib/storage';

/** What index.html carries before the server fills in the real code (e.g. under the Vite dev server). */
const MERCHANT_PLACEHOLDER = '__MERCHANT_CODE__';

export function readMerchantCode(doc: Document = document): string | null {
  const code = doc.querySelector<HTMLMetaElement>('meta[name="merchant-code"]')?.content.trim();
  return code && code !== MERCHANT_PLACEHOLDER ? code : null;
}

/** SPEC section 3: the merchant code is kept in both session and local storage at start. */
export function storeMerchantCode(code: string | null): void {
  if (!code) return;
  storage.session.set(storageKeys.merchant, code);
  storage.local.set(storageKeys.merchant, code);
}

/**
 * Adds the operator's analytics script. It is not awaited: a slow third-party host must never hold
 * the site back, so "loaded before render" means "requested before render".
 */
export function loadAnalytics(analytics: { scriptUrl: string | null; siteId: string | null }): void {
  if (!analytics.scriptUrl) return;
  if (document.querySelector('script[data-analytics]')) return;
  const script = document.createElement('script');
  script.src = analytics.scriptUrl;
  script.async = true;
  script.dataset.analytics = '';
  if (analytics.siteId) script.dataset.siteId = analytics.siteId;
  document.head.append(script);
}

/**
 * Start-up order from SPEC section 4: merchant code stored, i18n ready, permissions fetched, analytics
 * loaded, then the caller renders. The status call runs alongside, so the first view is decided at once.
 */
export async function bootstrap(queryClient: QueryClient): Promise<void> {
  storeMerchantCode(readMerchantCode());
  const statusReady = queryClient.prefetchQuery(systemStatusQueryOptions());
  // A refused permission call (maintenance, restriction) must not stop start-up: the status decides.
  const permission = await queryClient.fetchQuery(permissionQueryOptions()).catch(() => undefined);
  await initI18n(permission?.info);
  if (permission) loadAnalytics(permission.info.analytics);
  // SPEC section 4: with a session token already stored, member info loads (without holding up render).
  void loadSessionFromToken(queryClient);
  await statusReady;
}
