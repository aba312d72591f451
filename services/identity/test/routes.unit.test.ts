// Every operation the contracts give identity has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { identityRoutes } from '../src/http/routes.ts';
import type { IdentityContext } from '../src/app/context.ts';

describe("identity's routes", () => {
  it('answer every operation identity owns, each once', () => {
    const identity = { verifier: { verify: () => Promise.reject(new Error('not called')) } };
    expect(() => identityRoutes(identity as unknown as IdentityContext)).not.toThrow();
  });
});
