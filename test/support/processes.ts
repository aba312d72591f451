// Process control over a running stack (scripts/stack.ts), for suites that kill parts of it: find a service
// replica's or nats-server's process, SIGKILL it, and wait until the launcher has started it again and every
// process answers /readyz. Processes are told apart by their entry and the port in their environment, so
// several stacks on one machine never touch each other's.
import { readdirSync, readFileSync } from 'node:fs';
import { SERVICES } from '../../scripts/stack/services.ts';
import { eventually, stack } from './api.ts';

/** Every replica's URL per service (STACK_REPLICAS); a stack without the list has one per service. */
export function replicaUrls(): Record<string, string[]> {
  const info = stack() as ReturnType<typeof stack> & { replicas?: Record<string, string[]> };
  return (
    info.replicas ?? Object.fromEntries(Object.entries(info.services).map(([name, url]) => [name, [url]]))
  );
}

function processes(): { pid: number; cmdline: string; environ: string[] }[] {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      found.push({ pid: Number(entry), cmdline, environ });
    } catch {
      // ended while we looked, or not ours to read
    }
  }
  return found;
}

/**
 * The pid of the process running `entry` (a service's main source file) with PORT=`port`, or undefined. A stack
 * runs either the source (`services/x/src/main.ts` under tsx) or its bundle (`build/run/services/x/src/main.js`,
 * as the suites' stacks and `npm start` do): both command lines hold the entry's path without its extension.
 */
export function servicePidOn(entry: string, port: string | number): number | undefined {
  const path = entry.replace(/\.ts$/, '.');
  return processes().find((p) => p.cmdline.includes(path) && p.environ.includes(`PORT=${port}`))?.pid;
}

/** The pid of `service`'s replica `replica` (0-based), or undefined while none runs. */
export function servicePid(service: string, replica = 0): number | undefined {
  const spec = SERVICES.find((s) => s.name === service);
  const url = replicaUrls()[service]?.[replica];
  if (!spec || !url) throw new Error(`no replica ${replica} of ${service} in this stack`);
  return servicePidOn(spec.entry, new URL(url).port);
}

/** A process's resident memory in kB (0 once it is gone). */
export function rssOf(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A process's highest resident memory since it started (VmHWM), in kB (0 once it is gone). */
export function peakRssOf(pid: number): number {
  try {
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The pid of this stack's nats-server, or undefined while none runs. */
export function natsPid(): number | undefined {
  const port = new URL(stack().natsUrl).port;
  return processes().find((p) => p.cmdline.includes('nats-server') && p.cmdline.includes(` -p ${port} `))
    ?.pid;
}

/** True when every process of the stack answers /readyz with 200. */
export async function allReady(): Promise<boolean> {
  const urls = Object.values(replicaUrls()).flat();
  const answers = await Promise.all(
    urls.map((url) =>
      fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  return answers.every((status) => status === 200);
}

export interface Restart {
  what: string;
  oldPid: number;
  newPid: number;
  /** From the kill until every process of the stack was ready again. */
  downMs: number;
}

async function killAndAwait(what: string, find: () => number | undefined, timeoutMs: number) {
  const oldPid = find();
  if (!oldPid) throw new Error(`${what} is not running`);
  const killedAt = Date.now();
  process.kill(oldPid, 'SIGKILL');
  const newPid = await eventually(
    async () => {
      const pid = find();
      return pid !== undefined && pid !== oldPid ? pid : undefined;
    },
    timeoutMs,
    `${what} to be started again`,
  );
  await eventually(allReady, timeoutMs, `every process to be ready after ${what} restarted`);
  return { what, oldPid, newPid, downMs: Date.now() - killedAt };
}

/** SIGKILLs one replica of a service; resolves once the launcher started it again and the stack is ready. */
export const killService = (service: string, replica = 0, timeoutMs = 60_000): Promise<Restart> =>
  killAndAwait(
    `${service}${replica ? `-${replica + 1}` : ''}`,
    () => servicePid(service, replica),
    timeoutMs,
  );

/** SIGKILLs nats-server; resolves once the launcher started it again and every service is ready on it. */
export const killNats = (timeoutMs = 60_000): Promise<Restart> => killAndAwait('nats', natsPid, timeoutMs);
