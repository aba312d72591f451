// Every operation the contracts give chain has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { chainRoutes } from '../src/http/routes.ts';
import { ReserveJobs } from '../src/app/reserve-jobs.ts';
import type { ChainContext } from '../src/app/context.ts';

describe("chain's routes", () => {
  it('answer every operation chain owns, each once', () => {
    const chain = { verifier: { verify: () => Promise.reject(new Error('not called')) } };
    expect(() => chainRoutes(chain as unknown as ChainContext, new ReserveJobs())).not.toThrow();
  });
});
