/**
 * The server's import rules (ARCHITECTURE.md, "Server: who may import whom"), checked by
 * `npm run lint:deps` in CI. Layers: app (app.ts, main.ts, plugins/, seed/) → modules/ → lib/, db/
 * → the contract. A module may import another module only along an edge listed in MODULE_EDGES:
 * the list is the module graph, one way. A new edge is a design decision: add it here and to the
 * picture in ARCHITECTURE.md. Tests may import anything (they sit beside the code they try).
 */

/** Each module and the modules it may import. Every module of src/modules must be listed. */
const MODULE_EDGES = {
  health: [],
  users: [],
  auth: ['users'],
  web: ['users'],
  therapists: ['agreements'],
  agreements: [],
  'therapist-profile': [],
  business: ['users'],
  signup: [],
  schedule: [],
  matching: ['schedule', 'signup'],
  dashboard: ['matching'],
  booking: ['schedule'],
  notifications: [],
  video: [],
  promocodes: [],
  passes: ['promocodes'],
  'payment-providers': [],
  cards: ['payment-providers'],
  checkout: ['promocodes'],
  purchases: ['booking', 'cards', 'passes', 'payment-providers', 'promocodes'],
  'therapist-clients': ['booking', 'video'],
  visitors: [],
  privacy: ['business'],
  'data-export': ['notifications'],
  erasure: ['auth', 'booking', 'data-export', 'purchases'],
};

/**
 * The table must itself be one way: two modules listing each other could import both ways without
 * any file cycle for no-circular to find. Loading the config fails on such a table.
 */
function assertOneWay(edges) {
  const state = {};
  const visit = (module, trail) => {
    if (state[module] === 'done') return;
    if (state[module] === 'open') throw new Error(`MODULE_EDGES has a cycle: ${[...trail, module].join(' → ')}`);
    state[module] = 'open';
    for (const next of edges[module]) {
      if (!(next in edges)) throw new Error(`MODULE_EDGES: ${module} names ${next}, which is not listed`);
      visit(next, [...trail, module]);
    }
    state[module] = 'done';
  };
  for (const module of Object.keys(edges)) visit(module, []);
}
assertOneWay(MODULE_EDGES);

const NOT_TESTS = '\\.test\\.ts$';
const TEST_HELPERS = ['^src/test/', '/testing\\.ts$'];
const known = Object.keys(MODULE_EDGES).join('|');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files import one way: a cycle means two pieces that cannot change apart. Move the shared part down.',
      from: {},
      to: { circular: true },
    },
    ...Object.entries(MODULE_EDGES).map(([module, allowed]) => ({
      name: `module-edges-${module}`,
      severity: 'error',
      comment: `modules/${module} may import only ${allowed.length ? allowed.map((m) => `modules/${m}`).join(', ') : 'no other module'} (MODULE_EDGES in apps/server/.dependency-cruiser.cjs).`,
      from: { path: `^src/modules/${module}/`, pathNot: NOT_TESTS },
      to: { path: '^src/modules/', pathNot: `^src/modules/(${[module, ...allowed].join('|')})/` },
    })),
    {
      name: 'module-not-in-graph',
      severity: 'error',
      comment:
        'A new module must be placed in MODULE_EDGES (apps/server/.dependency-cruiser.cjs) and in ARCHITECTURE.md.',
      from: { path: `^src/modules/(?!(?:${known})/)([^/]+)/`, pathNot: NOT_TESTS },
      to: { path: '^src/modules/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'lower-layers-stay-low',
      severity: 'error',
      comment:
        'lib/, db/, context.ts and config.ts are below every module: they never import a module, a plugin or the app.',
      from: { path: ['^src/(lib|db)/', '^src/(context|config)\\.ts$'], pathNot: NOT_TESTS },
      to: { path: '^src/(modules|plugins|seed|app\\.ts|main\\.ts)' },
    },
    {
      name: 'modules-below-app',
      severity: 'error',
      comment: 'Modules are registered by app.ts; they never import it, main.ts or the plugins.',
      from: { path: '^src/modules/', pathNot: NOT_TESTS },
      to: { path: '^src/(plugins/|app\\.ts|main\\.ts)' },
    },
    {
      name: 'test-helpers-in-tests-only',
      severity: 'error',
      comment:
        'src/test/ and the testing.ts helpers build apps and worlds for tests: only tests and other helpers import them.',
      from: { pathNot: [NOT_TESTS, ...TEST_HELPERS] },
      to: { path: TEST_HELPERS },
    },
  ],
  options: {
    baseDir: __dirname,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    // TypeScript 7 has no JavaScript API yet for dependency-cruiser to parse with; swc reads the same
    // syntax and keeps type-only imports, which couple modules as much as any other.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};
