// The processes of a benchmark's stack as Linux shows them in /proc: each one's parent, command line and CPU time,
// the tree below a process, and what each process is (a service, postgres, nats-server, ...).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** USER_HZ on Linux: the unit of the CPU times in /proc/<pid>/stat. */
export const TICKS_PER_SECOND = 100;

export interface ProcessInfo {
  pid: number;
  ppid: number;
  cmdline: string[];
  /** user + system CPU time in clock ticks. */
  cpuTicks: number;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return {
      pid,
      ppid: Number(fields[1]),
      cmdline,
      cpuTicks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return undefined; // ended while we looked
  }
}

/** `rootPid` and every process below it. */
export function processTree(rootPid: number): ProcessInfo[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((info): info is ProcessInfo => info !== undefined);
  const children = new Map<number, ProcessInfo[]>();
  for (const info of all) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const tree: ProcessInfo[] = [];
  const queue = all.filter((info) => info.pid === rootPid);
  while (queue.length) {
    const next = queue.shift() as ProcessInfo;
    tree.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return tree;
}

export const isNode = (info: ProcessInfo) => path.basename(info.cmdline[0] ?? '') === 'node';

/** What a process is, by its command line: the service or script a Node process runs, or the program. */
export function kindOf(info: ProcessInfo): string {
  const args = info.cmdline.join(' ');
  const program = path.basename(info.cmdline[0] ?? '');
  if (program === 'esbuild' || /esbuild\s.*--service/.test(args)) return 'esbuild helper';
  if (program === 'postgres' || args.startsWith('postgres:')) return 'postgres';
  if (program === 'nats-server') return 'nats-server';
  if (program === 'npm' || args.includes('npm-cli') || args.startsWith('npm ')) return 'npm';
  if (isNode(info)) {
    const script = info.cmdline.slice(1).find((arg) => !arg.startsWith('-') && arg !== 'tsx') ?? '';
    const service = /(?:services\/|^|\/)([a-z-]+)\/(?:src\/)?main\.[jt]s$/.exec(script);
    if (service) return service[1] as string;
    return path.basename(script).replace(/\.[jt]s$/, '') || 'node';
  }
  return program;
}
