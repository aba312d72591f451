// As root, `npm start` checks that PostgreSQL's `postgres` user can reach its data and binaries before initdb.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { firstClosedDirectory } from '../stack/directories.ts';

const base = mkdtempSync(path.join(os.tmpdir(), 'cropvest-dirs-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('firstClosedDirectory', () => {
  it('names the first directory others cannot pass through, like /root', () => {
    const home = path.join(base, 'home');
    mkdirSync(path.join(home, 'checkout', '.data'), { recursive: true });
    chmodSync(base, 0o755);
    chmodSync(home, 0o700);
    expect(firstClosedDirectory(path.join(home, 'checkout', '.data'))).toBe(home);
    // `chmod o+x` is what the launcher's message offers; then the way is open.
    chmodSync(home, 0o711);
    expect(firstClosedDirectory(path.join(home, 'checkout', '.data'))).toBeUndefined();
  });

  it('passes directories that do not exist yet (the launcher makes them)', () => {
    chmodSync(base, 0o755);
    expect(firstClosedDirectory(path.join(base, 'not', 'yet'))).toBeUndefined();
  });
});
