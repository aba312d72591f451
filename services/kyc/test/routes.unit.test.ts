// Every operation the contracts give KYC has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { kycRoutes } from '../src/http/routes.ts';
import type { KycContext } from '../src/app/context.ts';

describe("KYC's routes", () => {
  it('answer every operation KYC owns, each once', () => {
    const kyc = {
      verifier: { verify: () => Promise.reject(new Error('not called')) },
      config: { UPLOAD_TOKEN_SECRET: 'not used' },
    };
    expect(() => kycRoutes(kyc as unknown as KycContext)).not.toThrow();
  });
});
