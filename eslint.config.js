import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's import rule for every file: it never imports the web app.
const serverPatterns = [
  {
    group: ['@platform/web', '**/apps/web/**'],
    message: 'server code does not import the web app',
  },
];

// The web app's import rules; form code (features/*/forms) is the one place that may use zod.
const webZodPaths = [
  {
    name: '@platform/contract',
    allowTypeImports: true,
    message:
      "import values from '@platform/contract/client' (no zod in the first load); the contract's zod schemas only in features/*/forms",
  },
  {
    name: 'zod',
    allowTypeImports: true,
    message: 'zod only in lazily loaded form code (features/*/forms), never in the first load',
  },
];
const webPaths = [
  {
    name: 'react',
    importNames: ['lazy'],
    message:
      "split code with lazyNamed/lazyPage/lazyOnFirstOpen from '@/lib/lazy' (the spec's chunk timeout)",
  },
];
const webPatterns = [
  {
    group: ['@platform/server', '**/apps/server/**', 'fastify', 'drizzle-orm', 'pg'],
    message: 'the web app does not import server code',
  },
  {
    group: ['@/features/*/*'],
    message: "import another feature through its index ('@/features/x'), never its internals",
  },
];

// The back office's import rules: no server code, no player-site code, features through their index,
// and the contract's values from its zod-free entry except in form code (features/*/forms).
const adminContractPaths = [
  {
    name: '@platform/contract',
    allowTypeImports: true,
    message:
      "import values from '@platform/contract/client'; the contract's zod schemas only in features/*/forms",
  },
];
const adminPatterns = [
  {
    group: [
      '@platform/server',
      '**/apps/server/**',
      '@platform/web',
      '**/apps/web/**',
      'fastify',
      'drizzle-orm',
      'pg',
    ],
    message: 'the back office imports neither the server nor the player site',
  },
  {
    group: ['@/features/*/*', '!@/features/*/login'],
    message: "import another feature through its index ('@/features/x'), never its internals",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The web app's service worker: plain script in the worker's scope (ADR 081).
    files: ['apps/web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker, module: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The back office (apps/admin, ADR 095): a browser app like the web app, with its own boundaries.
    files: ['apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: adminContractPaths, patterns: adminPatterns }],
    },
  },
  {
    // The contract's zod schemas only in form code, which loads with the page that needs it.
    files: [
      'apps/admin/src/features/*/forms/**/*.{ts,tsx}',
      'apps/admin/vite.config.ts',
      'apps/admin/vitest.config.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: adminPatterns }] },
  },
  {
    // The contract is shared by both sides: it may import zod and nothing of the server or the web app.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@platform/server', '@platform/web', '**/apps/**'],
              message: 'the contract imports neither side',
            },
            {
              group: [
                'react',
                'react-*',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                'node:*',
              ],
              message: 'the contract stays free of server and web code',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract's build scripts (the generated route table) run in Node and ship to nobody.
    files: ['packages/contract/scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@platform/server', '@platform/web', '**/apps/**'],
              message: 'the contract imports neither side',
            },
          ],
        },
      ],
    },
  },
  {
    // The server never reaches into the web app's source, and the web app never into the server's.
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
  {
    // The member table belongs to the auth and member modules (ADR 015); others ask MemberService.
    // It lives in modules/auth/auth.schema.ts, which other modules' code never imports (dependency-cruiser),
    // but db/schema.ts gathers every table and dependency-cruiser sees files: the name is checked here.
    // Tests and their support files still build members directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/auth/**',
      'apps/server/src/modules/member/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*-test-support.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            {
              regex: '(^|/)db/schema(\\.js)?$',
              importNames: ['member'],
              message:
                "the member table is the auth and member modules' own: use MemberService (modules/member/index.ts)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...webZodPaths, ...webPaths], patterns: webPatterns }],
    },
  },
  {
    // Form code loads lazily with its page, so the contract's zod schemas may validate it there; zod
    // stays out of the first load (app/, lib/, components/ and every feature's index keep the rule).
    files: ['apps/web/src/features/*/forms/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: webPaths, patterns: webPatterns }] },
  },
  {
    // The session (token, account, account type, club label) has one owner: lib/session.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/session.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='storageKeys'][property.name=/^(token|account|isAgent|memberLabel)$/]",
          message: "the session is read and written only through '@/lib/session' (useSession, currentToken)",
        },
      ],
    },
  },
  {
    // Web tests answer calls through the one typed fake server, never a fetch stub of their own.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/features/*/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='fetch']",
          message: "answer calls with fakeServer() from '@/test/fake-server'",
        },
      ],
    },
  },
);
