import { describe, expect, it } from 'vitest';
import { api, domainCalls } from './api.js';
import { memberRoutes } from './member-paths.generated.js';
import { routes } from './paths.generated.js';
import { routeTableOf } from './route-table.js';

describe('the zod-free route table', () => {
  it('is what the domain tables declare (else run `npm run generate --workspace @platform/contract`)', () => {
    expect(routes).toEqual(routeTableOf(api));
    expect(Object.keys(routes)).toEqual(Object.keys(api));
  });

  it("gives the player site every call but the staff's (member-paths.generated.ts is current)", () => {
    const players = Object.fromEntries(
      Object.entries(routeTableOf(api)).filter(([, route]) => typeof route.access !== 'object'),
    );
    expect(memberRoutes).toEqual(players);
  });

  it('loses no call in the merge: names are unique across domains, and so are method and path', () => {
    const declared = Object.values(domainCalls).flatMap((calls) => Object.keys(calls));
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.length).toBe(Object.keys(api).length);
    const places = Object.values(api).map((call) => `${call.method} ${call.path}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it('gives every admin call at least one role, and admin paths only to staff or the staff login', () => {
    for (const [name, call] of Object.entries(api)) {
      if (typeof call.access === 'object') expect(call.access.admin.length, name).toBeGreaterThan(0);
      if (call.path.startsWith('/wps/admin/') && name !== 'adminLogin') {
        expect(typeof call.access, name).toBe('object');
      }
    }
  });
});
