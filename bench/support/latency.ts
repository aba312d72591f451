import type { ApiOperation } from '@cropvest/contracts/api-operation';
import {
  operationCall,
  queryString,
  type OperationArgs,
  type OperationArgsOf,
  type OperationQuery,
} from '@cropvest/contracts/operation-call';

// p50 and p95 of one GET through the gateway, one request at a time after five warm-up calls; `path` takes the
// sample number so searches can vary between samples. Answers the last X-Total-Count seen. The request is timed
// as plain fetch reading the answer's bytes, not through the typed client, which would add parsing the JSON to
// every sample; its path comes from the contracts (latencyCase), never a literal.
export async function measureGet(
  gatewayUrl: string,
  token: string,
  path: (sample: number) => string,
  samples: number,
): Promise<{ p50: number; p95: number; total: string }> {
  const latencies: number[] = [];
  let total = '';
  for (let i = -5; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(`${gatewayUrl}${path(Math.abs(i))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path(i)} answered ${response.status}`);
    if (i >= 0) latencies.push(performance.now() - started);
    total = response.headers.get('x-total-count') ?? '-';
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { p50: pct(0.5), p95: pct(0.95), total };
}

/** A case of a list benchmark: its name, and its path for each sample number. */
export type LatencyCase = [name: string, path: (sample: number) => string];

type CaseArgs<Op extends ApiOperation> =
  object extends OperationArgs<Op>
    ? [args?: (sample: number) => OperationArgs<Op>]
    : [args: (sample: number) => OperationArgs<Op>];

/**
 * A case that times `operation`: its path parameters and query for each sample number are typed by the contract,
 * and its path is the contract's, so a path renamed there moves here too.
 */
export function latencyCase<Op extends ApiOperation>(
  name: string,
  operation: Op,
  ...[args]: CaseArgs<Op>
): LatencyCase {
  return [
    name,
    (sample) => {
      const { path, query } = operationCall(
        operation,
        ...((args ? [args(sample)] : []) as OperationArgsOf<Op>),
      );
      return `${path}${queryString(query)}`;
    },
  ];
}

/**
 * The cases of one list: a function naming a case by its filters for each sample number, each case asking for the
 * first page of `pageSize` rows (as the list's screen does) unless its filters ask for another.
 */
export function pageCases<Op extends ApiOperation>(operation: Op, pageSize: number) {
  return (name: string, filters?: (sample: number) => OperationQuery<Op>): LatencyCase =>
    latencyCase(
      name,
      operation,
      // A list takes no path parameters, so its query is all it is called with; TypeScript cannot see that
      // through the generic operation's conditional argument type, whence the cast.
      ...([(sample: number) => ({ query: { pageSize, ...filters?.(sample) } })] as unknown as CaseArgs<Op>),
    );
}

/**
 * Times each case through the gateway (measureGet), prints a row each, then the worst p95 against the target; a
 * miss sets the exit code to 1.
 */
export async function reportLatencies(
  gatewayUrl: string,
  token: string,
  cases: LatencyCase[],
  samples: number,
  targetP95Ms: number,
): Promise<void> {
  const width = Math.max(...cases.map(([name]) => name.length)) + 2;
  let worst = 0;
  for (const [name, path] of cases) {
    const { p50, p95, total } = await measureGet(gatewayUrl, token, path, samples);
    worst = Math.max(worst, p95);
    console.log(
      `${name.padEnd(width)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   total ${total}`,
    );
  }
  console.log(
    `worst p95 ${worst.toFixed(1)} ms: target under ${targetP95Ms} ms ${worst < targetP95Ms ? 'met' : 'NOT met'}`,
  );
  if (worst >= targetP95Ms) process.exitCode = 1;
}
