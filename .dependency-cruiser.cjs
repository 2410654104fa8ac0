/**
 * The module boundaries of docs/ARCHITECTURE.md ("Rules"), checked by `npm run lint` and .ci/run
 * (`npx depcruise src`). test/architecture/boundaries.test.ts plants a violation of each rule in
 * test/fixtures/boundaries/ and shows that it fails.
 */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere in src/.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'adapters-only-shared',
      severity: 'error',
      comment:
        'An adapter knows nothing of our modules or tables: it imports src/shared/ and its own folder only.',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/', pathNot: ['^src/shared/', '^src/adapters/$1/'] },
    },
    {
      name: 'no-http-below-routes',
      severity: 'error',
      comment:
        'Only <module>.routes.ts and *.schemas.ts import src/http/; services take an AuthContext or scope from src/shared/.',
      from: { path: '^src/modules/', pathNot: '\\.(routes|schemas)\\.ts$' },
      to: { path: '^src/http/' },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: 'A module imports another module only through its index.ts.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
