/**
 * The web app's import rules, checked by dependency-cruiser in `npm run lint` and CI:
 *   npx depcruise --config web/.dependency-cruiser.cjs web/src
 * Type-only imports count (tsPreCompilationDeps): a cycle through `import type` is still a cycle
 * between two files that should not know each other. See docs/webapp.md, "Module rules".
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-no-cycle',
      severity: 'error',
      comment: 'No import cycle between web sources: move what both sides need into a third file.',
      from: { path: '^web/src' },
      to: { circular: true },
    },
    {
      name: 'web-server-shared-only',
      severity: 'error',
      comment:
        'The app is a client of the API: of the server it may bundle only src/shared (the form rules), never a module, route or adapter.',
      from: { path: '^web/src' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'web-sdk-through-api',
      severity: 'error',
      comment:
        'The SDK is the HTTP core and the API types of the app: web/src/api.ts (requests) and api-models.ts (records) use it, the pages use them, so there is one way to call the API.',
      from: { path: '^web/src', pathNot: '^web/src/api(-models)?[.]ts$' },
      to: { path: '^sdk/' },
    },
    {
      name: 'web-sdk-public-face',
      severity: 'error',
      comment: 'Of the SDK, only its public face (sdk/src/index.ts, what the published package exports).',
      from: { path: '^web/src' },
      to: { path: '^sdk/', pathNot: '^sdk/src/index[.]ts$' },
    },
    {
      name: 'web-resolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or an installed package.',
      from: { path: '^web/src' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
