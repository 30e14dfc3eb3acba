import type { RouteDefinition } from './access.js';

/** The zod-free part of each call (what paths.generated.ts holds), in declaration order. */
export function routeTableOf(
  calls: Readonly<Record<string, RouteDefinition>>,
): Record<string, RouteDefinition> {
  return Object.fromEntries(
    Object.entries(calls).map(([name, { method, path, access, encoding }]) => [
      name,
      { method, path, access, ...(encoding ? { encoding } : {}) },
    ]),
  );
}
