// `npm run bench:gateway`: GET /api/auth/me through the gateway and directly at identity, 50 connections,
// in one run on one machine (the load generator shares the 2 cores, so read the ratio, not the absolutes).
// Targets (issues 2 and 16): gateway throughput at least 0.8 of direct and 0.9 of the bare forwarder; gateway p99
// under 25 ms, measured at a steady half of direct's saturated throughput (under saturation p99 is the queue).
// A bare Node forwarder (bare-forwarder.ts) is measured too: what one extra HTTP hop costs here before any of
// the gateway's own work, so the figures say how much of the gap is the hop and how much is the gateway.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { LOAD_BENCH_ENV, signIn, startBenchStack } from '../support/stack.ts';

/** The call measured, its path from the contracts; autocannon sends it raw, with no client in between. */
const ME = identityOperations.me.path;

const CONNECTIONS = 50;
const STEADY_CONNECTIONS = 10;
/** The steady rate for the latency figures, as a share of what identity answers directly under saturation. */
const STEADY_SHARE = 0.5;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);

/**
 * Saturating load (CONNECTIONS at once) by default, for throughput; with `rate`, a steady number of requests a
 * second below saturation, for latency: under saturation p99 is the queue in front of two busy cores (direct
 * calls to identity wait as long), not what a request costs.
 */
async function measure(title: string, url: string, token: string, duration = DURATION_S, rate?: number) {
  const result = await autocannon({
    title,
    url,
    connections: rate ? STEADY_CONNECTIONS : CONNECTIONS,
    ...(rate ? { overallRate: rate } : {}),
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

async function startBareForwarder(targetUrl: string) {
  const child = fork(path.join(import.meta.dirname, 'bare-forwarder.ts'), [targetUrl], {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bare forwarder exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const stack = await startBenchStack(LOAD_BENCH_ENV);
const bare = await startBareForwarder(stack.services.identity as string);
try {
  const token = await signIn(stack.gatewayUrl, stack.investorEmail, stack.investorPassword);
  const identity = stack.services.identity as string;
  // Warm both paths (JIT, connection pools, the JWKS cache) before measuring.
  await measure('warm-up direct', `${identity}${ME}`, token, 3);
  await measure('warm-up gateway', `${stack.gatewayUrl}${ME}`, token, 3);
  await measure('warm-up bare', `${bare.url}${ME}`, token, 3);
  const direct = await measure('direct', `${identity}${ME}`, token);
  const gateway = await measure('gateway', `${stack.gatewayUrl}${ME}`, token);
  const bareHop = await measure('bare hop', `${bare.url}${ME}`, token);

  const row = (name: string, m: typeof direct) =>
    `${name.padEnd(8)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   (${m.total} requests)`;
  console.log(`\nGET ${ME}, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(row('direct', direct));
  console.log(row('gateway', gateway));
  console.log(row('bare hop', bareHop));
  const ratio = gateway.rps / direct.rps;
  console.log(
    `throughput ratio gateway/direct: ${ratio.toFixed(2)} (target >= 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}`,
  );
  const ofBare = gateway.rps / bareHop.rps;
  console.log(
    `throughput ratio gateway/bare forwarder: ${ofBare.toFixed(2)} (target >= 0.90) ${ofBare >= 0.9 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `reference: a bare Node forwarder with no checks reaches ${(bareHop.rps / direct.rps).toFixed(2)} of direct, ` +
      `so the gateway's own work costs ${((bareHop.rps - gateway.rps) / direct.rps).toFixed(2)} of the ratio`,
  );

  const rate = Math.round(direct.rps * STEADY_SHARE);
  const steady = {
    direct: await measure('steady direct', `${identity}${ME}`, token, DURATION_S, rate),
    gateway: await measure('steady gateway', `${stack.gatewayUrl}${ME}`, token, DURATION_S, rate),
    bare: await measure('steady bare', `${bare.url}${ME}`, token, DURATION_S, rate),
  };
  console.log(
    `\nthe same at a steady ${rate} req/s (${STEADY_SHARE * 100} % of direct's saturated throughput)`,
  );
  console.log(row('direct', steady.direct));
  console.log(row('gateway', steady.gateway));
  console.log(row('bare hop', steady.bare));
  console.log(
    `gateway p99 under saturation: ${gateway.p99} ms (direct ${direct.p99} ms: the queue, not the request); ` +
      `at the steady rate: ${steady.gateway.p99} ms (target < 25 ms) ${steady.gateway.p99 < 25 ? 'MET' : 'NOT MET'}`,
  );
} finally {
  bare.stop();
  await stack.stop();
}
