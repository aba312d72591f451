// A proof file verified in the browser, said in words (frontends/ui/src/proof-text.ts, shown by proof-verifier.tsx),
// and coverage as a percentage (format.ts): on a small tree built here with the same library the service uses.
import { hash } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildMerkleSumTree,
  decimalToUnits,
  generateNonce,
  PROOF_VERSION,
  type LiabilityProof,
} from '@cropvest/contracts/chain/proof';
import { formatCoverage } from '../src/format.ts';
import { verifyProofText } from '../src/proof-text.ts';

const OWED = [
  { userId: '0190a000-0000-7000-8000-000000000001', amount: '1250.75' },
  { userId: '0190a000-0000-7000-8000-000000000002', amount: '0.00000001' },
  { userId: '0190a000-0000-7000-8000-000000000003', amount: '99' },
];

let proof: LiabilityProof;
let published: { rootHash: string; total: string };

beforeAll(async () => {
  const leaves = OWED.map((owed) => ({
    userId: owed.userId,
    nonce: generateNonce(),
    units: decimalToUnits(owed.amount),
  }));
  const tree = await buildMerkleSumTree(leaves, (data) => hash('sha256', data, 'buffer'));
  const leafIndex = tree.leafIndexByInput[0] as number;
  proof = {
    version: PROOF_VERSION,
    rootHash: tree.rootHash,
    total: tree.total,
    userId: OWED[0]!.userId,
    nonce: leaves[0]!.nonce,
    amount: '1250.75000000',
    leafIndex,
    path: tree.proofFor(leafIndex),
    builtAt: '2026-11-26T01:00:00.000Z',
  };
  published = { rootHash: tree.rootHash, total: tree.total };
});

describe('verifying a proof file', () => {
  it('says what a good proof shows: the amount counted in the published total', async () => {
    expect(await verifyProofText(JSON.stringify(proof), published)).toEqual({
      ok: true,
      title: 'Verified',
      detail: `1,250.75 USDT owed to account ${proof.userId} is counted in the published total of 1,349.75000001 USDT (root ${proof.rootHash.slice(0, 12)}…, built Nov 26, 2026, 01:00 AM UTC).`,
    });
  });

  it('refuses a proof whose amount was changed, with the reason', async () => {
    const verdict = await verifyProofText(JSON.stringify({ ...proof, amount: '5000' }), published);
    expect(verdict).toMatchObject({ ok: false, title: 'Not verified' });
    expect(verdict.detail).toMatch(/^The path does not lead to the proof's root/);
  });

  it('refuses a proof of another root than the one published', async () => {
    const verdict = await verifyProofText(JSON.stringify(proof), { ...published, rootHash: 'ab'.repeat(32) });
    expect(verdict.detail).toBe("The proof's root does not match the published root.");
  });

  it('says what is wrong with what is not a proof at all', async () => {
    expect((await verifyProofText('  ', published)).detail).toBe(
      'Paste the contents of your proof file, or drop the file, first.',
    );
    expect((await verifyProofText('{"version": 1,', published)).detail).toBe(
      'This is not a proof file: it is not valid JSON.',
    );
    expect((await verifyProofText('{"version": 1}', published)).detail).toMatch(
      /^This is not a proof file of this platform: /,
    );
    expect((await verifyProofText(JSON.stringify(proof), null)).detail).toBe(
      'No proof has been published yet to check this one against.',
    );
  });
});

describe('coverage', () => {
  it('is the ratio as a percentage with two decimals, exactly', () => {
    expect(formatCoverage('1.0250')).toBe('102.50%');
    expect(formatCoverage('0.0001')).toBe('0.01%');
    expect(formatCoverage('123.4567')).toBe('12,345.67%');
    expect(formatCoverage(null)).toBe('—');
  });
});
