// Every operation the contracts give the wallet has exactly one handler (the kit refuses to build routes otherwise).
import { describe, expect, it } from '@jest/globals';
import { walletRoutes } from '../src/http/routes.ts';
import type { WalletContext } from '../src/app/context.ts';

describe("the wallet's routes", () => {
  it('answer every operation the wallet owns, each once', () => {
    const wallet = {
      verifier: { verify: () => Promise.reject(new Error('not called')) },
      config: { UPLOAD_TOKEN_SECRET: 'not used' },
    };
    expect(() => walletRoutes(wallet as unknown as WalletContext)).not.toThrow();
  });
});
