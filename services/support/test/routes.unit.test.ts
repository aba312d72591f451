// Every operation the contracts give support has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { supportRoutes } from '../src/http/routes.ts';
import type { SupportContext } from '../src/app/context.ts';

describe("support's routes", () => {
  it('answer every operation support owns, each once', () => {
    const support = { verifier: { verify: () => Promise.reject(new Error('not called')) } };
    expect(() => supportRoutes(support as unknown as SupportContext)).not.toThrow();
  });
});
