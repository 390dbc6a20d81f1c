/**
 * The web app's allowed import directions (ARCHITECTURE.md, "Web layers"), checked by `npm run lint:deps`:
 *
 *   islands → app → features → entities → shared (ui, lib, api, i18n, config, styles) → @therapy/contract
 *
 * A feature never imports another feature and an entity never imports another entity: what two of them need moves
 * down a layer. Paths are matched from any `src/` so the same rules check a fixture tree in the rules' own test
 * (`src/dependency-rules.test.ts`).
 */
const SRC = '(^|/)src/';
const SHARED = `${SRC}(ui|lib|api|i18n|config|styles)/`;
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature. Move what both need down to entities/<entity>/ (query hooks and ' +
        'small pieces of one domain object) or to ui/, lib/, api/; data of another feature comes through the API layer.',
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/$2/` },
    },
    {
      name: 'entity-to-entity',
      severity: 'error',
      comment:
        'An entity stands alone: it never imports another entity. Move the shared piece down to ui/, lib/, api/.',
      from: { path: `${SRC}entities/([^/]+)/` },
      to: { path: `${SRC}entities/`, pathNot: `${SRC}entities/$2/` },
    },
    {
      name: 'entity-to-upper-layer',
      severity: 'error',
      comment: 'Entities sit below features: they import only the shared layers and the contract.',
      from: { path: `${SRC}entities/` },
      to: { path: `${SRC}(features|app|islands)/` },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      comment: 'The app composes features, never the other way round; an entry point (an island) lives in app/.',
      from: { path: `${SRC}features/` },
      to: { path: `${SRC}(app|islands)/` },
    },
    {
      name: 'shared-to-upper-layer',
      severity: 'error',
      comment: 'ui/, lib/, api/, i18n/, config/ know nothing of entities, features, the app or the islands.',
      from: { path: SHARED },
      to: { path: `${SRC}(entities|features|app|islands)/` },
    },
    {
      name: 'app-to-islands',
      severity: 'error',
      comment: 'The islands loader mounts the app; the app does not reach back into the loader.',
      from: { path: `${SRC}app/` },
      to: { path: `${SRC}islands/` },
    },
    {
      name: 'testing-outside-tests',
      severity: 'error',
      comment: 'src/testing/ (MSW server, fixtures, render helpers) is for tests only.',
      from: { pathNot: [TEST_FILE, `${SRC}testing/`] },
      to: { path: `${SRC}testing/` },
    },
    {
      name: 'call-core-without-react',
      severity: 'error',
      comment: 'The call core (features/video/core) is framework-free: React only subscribes to its store.',
      from: { path: `${SRC}features/video/core/` },
      to: { path: ['node_modules/(react|react-dom|@tanstack)/', `${SRC}(ui|app)/`, '\\.tsx$'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import one way; a cycle means a piece belongs a layer lower.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve to a file.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: ['node_modules', '(^|/)packages/'] },
    exclude: { path: ['(^|/)dist/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'browser', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
