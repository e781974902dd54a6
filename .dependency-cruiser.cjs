// Dependency rules (npm run deps, part of npm test): the arrows go worker -> client -> core, never back, and no
// module imports itself round a cycle (type-only imports count: a cycle of types is still a knot to untie).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules in a cycle cannot be understood, tested or loaded one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stands-alone',
      severity: 'error',
      comment: 'core/ is the contract: it imports neither the client nor the worker.',
      from: { path: '^core/' },
      to: { path: '^(client|worker)/' },
    },
    {
      name: 'client-not-worker',
      severity: 'error',
      comment: 'The browser bundle must never pull in server code.',
      from: { path: '^client/' },
      to: { path: '^worker/' },
    },
    {
      name: 'worker-renders-client-only',
      severity: 'error',
      comment: 'The worker imports the client only to render it: shared code (route table, image URLs) lives in core/.',
      from: { path: '^worker/', pathNot: '^worker/ssr/render\\.tsx$' },
      to: { path: '^client/' },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment:
        'Folders depend one way (a folder counts with its subfolders): a feature that reaches back into one that uses it is two features in one knot (docs/decisions/012).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-not-features',
      severity: 'error',
      comment:
        'The shared platform (db, auth, http, mail, live, push, observe) is used by the features and never uses them: README "Where things are".',
      from: { path: '^worker/(db|auth|http|mail|live|push|observe)/' },
      to: {
        path: '^worker/(account|profiles|chat|photos|payments|market|content|cams|tracking|notifications|staff|reports|ssr|api|upstream|dev|pwa|middleware)/',
      },
    },
    {
      name: 'features-not-the-router',
      severity: 'error',
      comment: 'worker/api/ assembles the /api router from the features; a feature never reaches back into it.',
      from: { path: '^worker/[^/]+/', pathNot: '^worker/api/' },
      to: { path: '^worker/api/' },
    },
    {
      name: 'routes-only-from-the-router',
      severity: 'error',
      comment:
        "A route file parses, calls and answers; what a page loader shares with a route lives in the feature's *-calls.ts or a service.",
      from: { path: '^worker/', pathNot: '^worker/(app|api/routes|staff/routes)\\.ts$' },
      to: { path: '^worker/.+-routes\\.ts$' },
    },
    {
      name: 'member-app-without-classic-zod',
      severity: 'error',
      comment:
        'The member app loads no classic zod (12 KiB gzip, and every schema of a file built at load): it takes values only from the zod/mini schema files and zod-free modules (docs/decisions/011). The staff workspace is its own app.',
      from: { path: '^client/', pathNot: '^client/staff/' },
      to: {
        path: '^core/schemas/',
        pathNot: '^core/schemas/(account|my-profile|live|order-form|complaints)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'product-not-tests',
      severity: 'error',
      comment: 'Product code never imports tests or scripts.',
      from: { path: '^(client|core|worker)/' },
      to: { path: '^(tests|scripts)/' },
    },
    {
      name: 'known-modules',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(cloudflare:|virtual:)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build/out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
