/**
 * The server's module boundaries (docs/architecture.md). Run from the repository root:
 *   npx depcruise apps/server/src --config .dependency-cruiser.cjs
 * Paths are resolved through TypeScript, so a relative import and an alias are judged the same.
 * ESLint's no-restricted-imports only sees the text of an import, which cannot tell `../wallet/x.js`
 * in modules/cashier from the same text in modules/wallet; these rules see the resolved file.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: a cycle means two modules are one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-entry-point-only',
      severity: 'error',
      comment:
        'A module uses another module only through its index.ts (create<Domain>Module and what it exports), never its repository, service or routes files.',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.schema\\.ts$' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'schema-files-import-schema-files',
      severity: 'error',
      comment:
        "A module's tables (modules/<m>/<m>.schema.ts, lib/lib.schema.ts) import only other schema files (for foreign keys: member from auth.schema.ts) and the shared column types db/columns.ts, so the tables never pull in code. Code that needs another module's table imports it from db/schema.ts (the gathering file), never from that module's schema file (module-entry-point-only).",
      from: { path: '^apps/server/src/.+\\.schema\\.ts$' },
      to: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/.+\\.schema\\.ts$', '^apps/server/src/db/columns\\.ts$'],
      },
    },
    {
      name: 'schema-gathering-only-gathers',
      severity: 'error',
      comment:
        'db/schema.ts gathers the schema files of the modules (and lib/lib.schema.ts) for drizzle and for code outside the owning module: it imports nothing else (but the shared column types of db/columns.ts).',
      from: { path: '^apps/server/src/db/schema\\.ts$' },
      to: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/[^/]+/[^/]+\\.schema\\.ts$',
          '^apps/server/src/lib/lib\\.schema\\.ts$',
          '^apps/server/src/db/columns\\.ts$',
        ],
      },
    },
    {
      name: 'db-knows-no-domain',
      severity: 'error',
      comment:
        'src/db is the connection, the migrations and the gathering of the schema files: it imports no module (db/schema.ts re-exports their schema files, and nothing more). The demo seed is composed beside app.ts (src/demo-seed.ts).',
      from: { path: '^apps/server/src/db/', pathNot: '^apps/server/src/db/schema\\.ts$' },
      to: { path: '^apps/server/src/(modules|lib/lib\\.schema\\.ts$)' },
    },
    {
      name: 'entry-point-only-from-outside',
      severity: 'error',
      comment:
        "Entry points and shared code (main, cli, db, app, lib) use a module through its index.ts too (db/schema.ts, which gathers the modules' schema files, excepted); tests outside modules may reach further.",
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/',
          '^apps/server/src/db/schema\\.ts$',
          '\\.test\\.ts$',
          '^apps/server/src/test/',
        ],
      },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment: 'lib/ is the small shared layer under every module: it never imports one.',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'nothing-imports-app',
      severity: 'error',
      comment: 'app.ts composes the modules; only the entry points and the test harness import it.',
      from: { pathNot: ['^apps/server/src/(main|cli/operator|test/harness)\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^apps/server/src/app\\.ts$' },
    },
    {
      name: 'test-support-from-tests-only',
      severity: 'error',
      comment: 'src/test/** (harness, factories) is for tests: production code never imports it.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.test\\.ts$', '-test-support\\.ts$', '^apps/server/src/test/'],
      },
      to: { path: '^apps/server/src/test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // An absolute path: a relative one is resolved against the wrong directory for the tsconfig's extends.
    tsConfig: { fileName: `${__dirname}/apps/server/tsconfig.json` },
    enhancedResolveOptions: { conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
