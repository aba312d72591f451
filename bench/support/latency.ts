// p50 and p95 of one GET through the gateway, one request at a time after five warm-up calls; `path` takes the
// sample number so searches can vary between samples. Answers the last X-Total-Count seen.
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
