// Every operation the contracts give notify has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { notifyRoutes } from '../src/http/routes.ts';
import type { NotifyContext } from '../src/app/context.ts';

describe("notify's routes", () => {
  it('answer every operation notify owns, each once', () => {
    const notify = { verifier: { verify: () => Promise.reject(new Error('not called')) } };
    expect(() => notifyRoutes(notify as unknown as NotifyContext)).not.toThrow();
  });
});
