// The arithmetic of `bench:mix` (docs/decisions/0125-whole-platform-mix.md), apart from the stack so it can be
// tested: which kind of action comes next in the written proportions, the arrival times of an open model, and
// the percentiles of what was measured.

/** One kind of action in the mix: how many of every `total` actions it is, and how many requests it sends. */
export interface MixShare<Kind extends string> {
  kind: Kind;
  weight: number;
  requests: number;
}

/**
 * Picks the kinds in their exact proportions, evenly interleaved (smooth weighted round robin, as nginx balances
 * upstreams): over every run of `sum of weights` picks each kind comes exactly `weight` times, and a rare kind is
 * spread out instead of bunched, so a short step sees the same mix as a long one and the figures are repeatable.
 */
export class MixPicker<Kind extends string> {
  private readonly current: number[];
  private readonly total: number;

  constructor(private readonly shares: readonly MixShare<Kind>[]) {
    if (shares.length === 0 || shares.some((share) => !(share.weight > 0)))
      throw new Error('a mix needs kinds, each with a positive weight');
    this.current = shares.map(() => 0);
    this.total = shares.reduce((sum, share) => sum + share.weight, 0);
  }

  next(): Kind {
    let best = 0;
    this.shares.forEach((share, i) => {
      this.current[i] = (this.current[i] as number) + share.weight;
      if ((this.current[i] as number) > (this.current[best] as number)) best = i;
    });
    this.current[best] = (this.current[best] as number) - this.total;
    return (this.shares[best] as MixShare<Kind>).kind;
  }
}

/** Requests per action on average: turns a target of requests a second into actions a second. */
export const requestsPerAction = (shares: readonly MixShare<string>[]): number =>
  shares.reduce((sum, share) => sum + share.weight * share.requests, 0) /
  shares.reduce((sum, share) => sum + share.weight, 0);

/** Each kind's share of the requests (not of the actions), for printing the mix as the load sees it. */
export const requestShares = <Kind extends string>(shares: readonly MixShare<Kind>[]): Map<Kind, number> => {
  const requests = shares.reduce((sum, share) => sum + share.weight * share.requests, 0);
  return new Map(shares.map((share) => [share.kind, (share.weight * share.requests) / requests]));
};

/**
 * The start times (ms after the step starts) of an open model at `perSecond` arrivals for `seconds`: evenly
 * spaced, fixed in advance, so a slow answer never delays the next arrival (a closed loop would wait for it and
 * hide the queue it causes).
 */
export function arrivalTimes(perSecond: number, seconds: number): number[] {
  if (!(perSecond > 0) || !(seconds > 0)) return [];
  const count = Math.floor(perSecond * seconds);
  const gap = 1000 / perSecond;
  return Array.from({ length: count }, (_, i) => i * gap);
}

/** The `p` quantile (0..1) of ascending `sorted` values by the nearest rank, or 0 when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}
