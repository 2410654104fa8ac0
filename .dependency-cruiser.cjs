/**
 * The module boundaries of docs/ARCHITECTURE.md ("Rules"), checked by `npm run lint` and .ci/run
 * (`npx depcruise src`). test/architecture/boundaries.test.ts plants a violation of each rule in
 * test/fixtures/boundaries/ and shows that it fails.
 */

/**
 * Known exceptions: files of the document pipeline (documents, submission, delivery and
 * billing/self-billing.ts) that another branch (issue 14, H14P) is rebuilding; it gives documents an
 * index.ts and makes services take a scope. Each entry is one file, so a new file there is checked;
 * remove an entry when the file complies. The billing files reach documents' internals only because
 * documents has no index.ts yet.
 */
const KNOWN_INTERNAL_IMPORTS = [
  '^src/modules/billing/index\\.ts$',
  '^src/modules/billing/quota-period\\.ts$',
  '^src/modules/billing/self-billing\\.ts$',
  '^src/modules/delivery/delivery\\.(hooks|routes|service|templates)\\.ts$',
  '^src/modules/documents/(document-body|documents\\.service|item-checks|totals)\\.ts$',
  '^src/modules/submission/(hooks|index|processor|rebuild|submission\\.(jobs|repository|routes|schemas|service))\\.ts$',
];
const KNOWN_HTTP_IMPORTS = [
  '^src/modules/billing/self-billing\\.ts$',
  '^src/modules/delivery/delivery\\.service\\.ts$',
  '^src/modules/documents/(document-body|documents\\.service|documents\\.extras\\.service)\\.ts$',
  '^src/modules/submission/(rebuild|submission\\.service)\\.ts$',
];

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
      from: { path: '^src/modules/', pathNot: ['\\.(routes|schemas)\\.ts$', ...KNOWN_HTTP_IMPORTS] },
      to: { path: '^src/http/' },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: 'A module imports another module only through its index.ts.',
      from: { path: '^src/modules/([^/]+)/', pathNot: KNOWN_INTERNAL_IMPORTS },
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
