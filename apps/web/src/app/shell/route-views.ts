import type { BannerGroup } from '@platform/contract/client';
import type { UIMatch } from 'react-router';

/**
 * Which named views of the shell a route shows (SPEC section 2's routes table). Declared on each route
 * as its `handle`, so the table lives in one place: the router.
 */
export interface RouteViews {
  header?: boolean;
  sideMenu?: boolean;
  footer?: boolean;
  banner?: BannerGroup;
  /** /seamless and /vnlottery: bars hidden unless info.showBarsOnFullscreenRoutes */
  fullscreen?: boolean;
}

const isRouteViews = (value: unknown): value is RouteViews => typeof value === 'object' && value !== null;

export function viewsOf(matches: UIMatch[]): RouteViews {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteViews(handle)) return handle;
  }
  return {};
}
