/**
 * The web app's boundaries (docs/architecture.md), run by `npm run lint` from apps/web:
 *   cd apps/web && npx depcruise src --config ../../.dependency-cruiser.web.cjs
 * From apps/web because the '@/*' alias has no baseUrl and the tsconfig-paths resolver then resolves it
 * against the working directory (paths below are relative to apps/web).
 * ESLint keeps a feature's internals private (another feature is imported through its index only); these
 * rules see the resolved files, so they see the cycles that index imports make between features.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles, type-only and lazy (import()) imports included: features that import each other in a circle are one feature. A piece two features share moves down to components/ or lib/ (as lib/session, lib/auth-modals, lib/wallet-keys did).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'components-and-lib-below-features',
      severity: 'error',
      comment:
        'components/ and lib/ are the shared layer under every feature: they never import one (nor app/).',
      from: { path: '^src/(components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // An absolute path: a relative one is resolved against the wrong directory for the tsconfig's extends.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: {
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
    },
  },
};
