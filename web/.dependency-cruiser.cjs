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
