// Every operation the contracts give plans has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { plansRoutes } from '../src/http/routes.ts';
import type { PlansContext } from '../src/app/context.ts';

describe("plans' routes", () => {
  it('answer every operation plans owns, each once', () => {
    const plans = {
      verifier: { verify: () => Promise.reject(new Error('not called')) },
      config: { UPLOAD_TOKEN_SECRET: 'not used' },
    };
    expect(() => plansRoutes(plans as unknown as PlansContext)).not.toThrow();
  });
});
