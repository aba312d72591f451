import { createHash, hash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  buildMerkleSumTree,
  decimalToUnits,
  generateNonce,
  levelSizes,
  MAX_UNITS,
  NODE_BYTES,
  PADDING_HASH,
  proofLocations,
  readNode,
  unitsToDecimal,
  verifyLiabilityProof,
  type LiabilityLeaf,
  type LiabilityProof,
  type MerkleSumTree,
} from '../src/chain/proof.ts';

const nodeSha256 = (data: Uint8Array) => hash('sha256', data, 'buffer');
const BUILT_AT = '2026-11-26T00:00:00.000Z';

const randomLeaf = (units = BigInt(1 + Math.floor(Math.random() * 1e12))): LiabilityLeaf => ({
  userId: crypto.randomUUID(),
  nonce: generateNonce(),
  units,
});
const randomLeaves = (count: number) => Array.from({ length: count }, () => randomLeaf());

/** The proof the chain service would hand the investor whose leaf was given `input`-th to the builder. */
function proofOf(tree: MerkleSumTree, leaves: LiabilityLeaf[], input: number): LiabilityProof {
  const leaf = leaves[input]!;
  const leafIndex = tree.leafIndexByInput[input]!;
  return {
    version: 1,
    rootHash: tree.rootHash,
    total: tree.total,
    userId: leaf.userId,
    nonce: leaf.nonce,
    amount: unitsToDecimal(leaf.units),
    leafIndex,
    path: tree.proofFor(leafIndex),
    builtAt: BUILT_AT,
  };
}

/** Decision 0082 written out again with Buffers and node:crypto, independently of the module under test. */
function referenceRoot(leaves: LiabilityLeaf[]): { hash: string; sum: bigint } {
  const u128 = (units: bigint) => Buffer.from(units.toString(16).padStart(32, '0'), 'hex');
  const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
  let level = leaves
    .map((leaf) => ({
      hash: sha(
        Buffer.from('cropvest-leaf-v1'),
        Buffer.from(leaf.userId.replaceAll('-', ''), 'hex'),
        Buffer.from(leaf.nonce, 'hex'),
        u128(leaf.units),
      ),
      sum: leaf.units,
    }))
    .sort((a, b) => Buffer.compare(a.hash, b.hash));
  while (level.length > 1) {
    if (level.length % 2 === 1) level.push({ hash: Buffer.alloc(32), sum: 0n });
    const parents = [];
    for (let i = 0; i < level.length; i += 2) {
      const [left, right] = [level[i]!, level[i + 1]!];
      parents.push({
        hash: sha(Buffer.from('cropvest-node-v1'), left.hash, u128(left.sum), right.hash, u128(right.sum)),
        sum: left.sum + right.sum,
      });
    }
    level = parents;
  }
  return { hash: level[0]!.hash.toString('hex'), sum: level[0]!.sum };
}

describe('amounts as units of 10⁻⁸ USDT', () => {
  it.each([
    ['0.00000001', 1n],
    ['99999999999.99999999', 9_999_999_999_999_999_999n],
    ['0', 0n],
    ['12.5', 1_250_000_000n],
    ['0001.10000000', 110_000_000n],
    ['3402823669209384634633746074317.68211455', MAX_UNITS],
  ])('reads %s exactly', (text, units) => {
    expect(decimalToUnits(text)).toBe(units);
  });

  it.each([
    ['0.000000001', 'The amount must have at most 8 decimal places (the smallest amount is 0.00000001)'],
    ['1e-9', 'The amount must be a plain decimal number such as 12.5'],
    ['-1', 'The amount must not be negative'],
    ['-0.00000001', 'The amount must not be negative'],
    ['', 'The amount must be a plain decimal number such as 12.5'],
    ['1.', 'The amount must be a plain decimal number such as 12.5'],
    ['.5', 'The amount must be a plain decimal number such as 12.5'],
    ['1,5', 'The amount must be a plain decimal number such as 12.5'],
    ['3402823669209384634633746074317.68211456', 'The amount is more than a 16-byte sum can hold'],
  ])('refuses %j', (text, message) => {
    expect(() => decimalToUnits(text)).toThrow(message);
  });

  it('writes every amount with 8 decimals and reads it back unchanged', () => {
    expect(unitsToDecimal(1n)).toBe('0.00000001');
    expect(unitsToDecimal(0n)).toBe('0.00000000');
    expect(unitsToDecimal(9_999_999_999_999_999_999n)).toBe('99999999999.99999999');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_UNITS }), (units) => {
        expect(decimalToUnits(unitsToDecimal(units))).toBe(units);
      }),
    );
  });

  it('refuses to write what a sum cannot hold', () => {
    expect(() => unitsToDecimal(-1n)).toThrow(RangeError);
    expect(() => unitsToDecimal(MAX_UNITS + 1n)).toThrow(RangeError);
  });
});

describe('building the tree', () => {
  it.each([1, 2, 3, 5, 1000])(
    '%i leaves: the root is decision 0082 computed independently, every proof verifies',
    async (count) => {
      const leaves = randomLeaves(count);
      const tree = await buildMerkleSumTree(leaves, nodeSha256);
      const reference = referenceRoot(leaves);
      expect(tree.rootHash).toBe(reference.hash);
      expect(decimalToUnits(tree.total)).toBe(leaves.reduce((sum, leaf) => sum + leaf.units, 0n));
      expect(tree.depth).toBe(Math.ceil(Math.log2(count)));
      const published = { rootHash: tree.rootHash, total: tree.total };
      for (let input = 0; input < count; input++)
        await expect(verifyLiabilityProof(proofOf(tree, leaves, input), published)).resolves.toEqual({
          ok: true,
        });
    },
  );

  it('orders the leaves by hash whatever order they come in, and takes an async stream', async () => {
    const leaves = randomLeaves(50);
    const tree = await buildMerkleSumTree(leaves, nodeSha256);
    async function* reversed() {
      for (const leaf of [...leaves].reverse()) yield leaf;
    }
    const again = await buildMerkleSumTree(reversed(), nodeSha256);
    expect(again.rootHash).toBe(tree.rootHash);
    expect(again.leafIndexByInput[0]).toBe(tree.leafIndexByInput[leaves.length - 1]);
    const leafLevel = [...tree.chunks()].find((chunk) => chunk.level === 0)!.bytes;
    const hashes = Array.from({ length: leaves.length }, (_, index) => readNode(leafLevel, index).hash);
    expect(hashes).toEqual([...hashes].sort());
  });

  it('pads an odd level with a zero node of sum 0, never a copy of the last node', async () => {
    expect(levelSizes(1)).toEqual([1]);
    expect(levelSizes(3)).toEqual([4, 2, 1]);
    expect(levelSizes(5)).toEqual([6, 4, 2, 1]);
    const leaves = randomLeaves(5);
    const tree = await buildMerkleSumTree(leaves, nodeSha256);
    // Leaf 4 is alone at the end of the leaves and so is its parent one level up; leaf 0 is never next to padding.
    expect(tree.proofFor(4).slice(0, 2)).toEqual([
      { hash: PADDING_HASH, sum: '0.00000000', side: 'right' },
      { hash: PADDING_HASH, sum: '0.00000000', side: 'right' },
    ]);
    expect(tree.proofFor(0).map((step) => step.hash)).not.toContain(PADDING_HASH);
    expect(decimalToUnits(tree.total)).toBe(leaves.reduce((sum, leaf) => sum + leaf.units, 0n));
  });

  it('gives a single leaf an empty path: the leaf is the root', async () => {
    const leaves = [randomLeaf(42n)];
    const tree = await buildMerkleSumTree(leaves, nodeSha256);
    expect(tree.proofFor(0)).toEqual([]);
    expect(tree.total).toBe('0.00000042');
    await expect(verifyLiabilityProof(proofOf(tree, leaves, 0))).resolves.toEqual({ ok: true });
  });

  it.each([
    ['no leaves', [], 'A tree needs at least one leaf'],
    ['a leaf owed nothing', [randomLeaf(0n)], 'Leaf 0 is owed 0 units'],
    ['a negative leaf', [randomLeaf(), randomLeaf(-5n)], 'Leaf 1 is owed -5 units'],
    [
      'an amount over 16 bytes',
      [randomLeaf(MAX_UNITS + 1n)],
      'Leaf 0: 340282366920938463463374607431768211456 units',
    ],
    [
      'a user id that is not a UUID',
      [{ ...randomLeaf(), userId: 'user-1' }],
      'Leaf 0: userId user-1 is not a UUID',
    ],
    ['a short nonce', [{ ...randomLeaf(), nonce: 'ab' }], 'Leaf 0: The nonce must be 64 hexadecimal digits'],
    ['a total over 16 bytes', [randomLeaf(MAX_UNITS), randomLeaf(1n)], 'more than a 16-byte sum can hold'],
  ])('refuses %s', async (_what, leaves, message) => {
    await expect(buildMerkleSumTree(leaves, nodeSha256)).rejects.toThrow(message);
  });

  it('refuses the same leaf twice', async () => {
    const leaf = randomLeaf();
    await expect(buildMerkleSumTree([randomLeaf(), leaf, leaf], nodeSha256)).rejects.toThrow(
      /are the same leaf/,
    );
  });
});

describe('the tree stored as chunks', () => {
  it('gives back every path from copies of its chunks, reading one chunk per level', async () => {
    const leaves = randomLeaves(1000);
    const tree = await buildMerkleSumTree(leaves, nodeSha256);
    const nodesPerChunk = 64;
    const stored = new Map<string, Uint8Array>();
    for (const { level, chunk, bytes } of tree.chunks(nodesPerChunk))
      stored.set(`${level}/${chunk}`, Uint8Array.from(Buffer.from(bytes))); // as a bytea column gives it back
    const sizes = levelSizes(1000);
    expect(stored.size).toBe(sizes.reduce((chunks, size) => chunks + Math.ceil(size / nodesPerChunk), 0));
    expect(stored.get('0/15')!.length).toBe((1000 - 15 * 64) * NODE_BYTES);
    for (let leafIndex = 0; leafIndex < 1000; leafIndex++) {
      const locations = proofLocations(leafIndex, 1000, nodesPerChunk);
      expect(locations).toHaveLength(sizes.length - 1);
      const path = locations.map((location) => ({
        ...readNode(stored.get(`${location.level}/${location.chunk}`)!, location.offset),
        side: location.side,
      }));
      expect(path).toEqual(tree.proofFor(leafIndex));
    }
  });

  it('refuses a leaf outside the tree and a node outside the bytes', () => {
    expect(() => proofLocations(5, 5)).toThrow('Leaf 5 is not in a tree of 5 leaves');
    expect(() => readNode(new Uint8Array(NODE_BYTES), 1)).toThrow('No node 1 in these bytes');
  });
});

describe('verifying a proof', () => {
  const setUp = async () => {
    const leaves = randomLeaves(5);
    const tree = await buildMerkleSumTree(leaves, nodeSha256);
    const proof = proofOf(tree, leaves, 0);
    return { proof, published: { rootHash: tree.rootHash, total: tree.total } };
  };
  const flipHexDigit = (hex: string, at = 10) =>
    hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);
  const ROOT_MISMATCH = /^The path does not lead to the proof's root/;

  it.each<[string, (proof: LiabilityProof) => void, RegExp]>([
    [
      'the amount',
      (proof) => void (proof.amount = unitsToDecimal(decimalToUnits(proof.amount) + 1n)),
      ROOT_MISMATCH,
    ],
    ['the nonce', (proof) => void (proof.nonce = flipHexDigit(proof.nonce)), ROOT_MISMATCH],
    ['the user id', (proof) => void (proof.userId = flipHexDigit(proof.userId, 1)), ROOT_MISMATCH],
    ['a path hash', (proof) => void (proof.path[1]!.hash = flipHexDigit(proof.path[1]!.hash)), ROOT_MISMATCH],
    [
      'a path sum',
      (proof) => void (proof.path[2]!.sum = unitsToDecimal(decimalToUnits(proof.path[2]!.sum) + 1n)),
      ROOT_MISMATCH,
    ],
    [
      'a side',
      (proof) => void (proof.path[0]!.side = proof.path[0]!.side === 'left' ? 'right' : 'left'),
      /^At level 1 the path puts the sibling on the (left|right), but leaf \d has it on the (right|left)$/,
    ],
    ['the root', (proof) => void (proof.rootHash = flipHexDigit(proof.rootHash)), ROOT_MISMATCH],
    [
      'the total',
      (proof) => void (proof.total = unitsToDecimal(decimalToUnits(proof.total) - 1n)),
      /^The path adds up to \d+\.\d{8} USDT, not the proof's total of \d+\.\d{8}$/,
    ],
    [
      'the leaf index',
      (proof) => void (proof.leafIndex = 2 ** proof.path.length),
      /^Leaf 8 cannot be in a tree whose paths have 3 levels$/,
    ],
  ])('fails when %s is changed', async (_what, tamper, reason) => {
    const { proof } = await setUp();
    tamper(proof);
    const result = await verifyLiabilityProof(proof);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('fails against a published root or total that is not the proof', async () => {
    const { proof, published } = await setUp();
    await expect(
      verifyLiabilityProof(proof, { ...published, rootHash: flipHexDigit(published.rootHash) }),
    ).resolves.toEqual({
      ok: false,
      reason: "The proof's root does not match the published root",
    });
    await expect(verifyLiabilityProof(proof, { ...published, total: '1.00000000' })).resolves.toEqual({
      ok: false,
      reason: `The proof's total of ${proof.total} USDT does not match the published total of 1.00000000`,
    });
    await expect(verifyLiabilityProof(proof, { ...published, total: '-1' })).resolves.toEqual({
      ok: false,
      reason: 'The published root is not well formed: total must not be negative',
    });
  });

  it('refuses a negative sum', async () => {
    const { proof } = await setUp();
    proof.path[1]!.sum = `-${proof.path[1]!.sum}`;
    await expect(verifyLiabilityProof(proof)).resolves.toEqual({
      ok: false,
      reason: 'The proof is not well formed: path.1.sum must not be negative',
    });
  });

  it('refuses sums that overflow 16 bytes, which would wrap a huge sum round to a small total', async () => {
    const { proof } = await setUp();
    proof.path[0]!.sum = unitsToDecimal(MAX_UNITS);
    await expect(verifyLiabilityProof(proof)).resolves.toEqual({
      ok: false,
      reason: 'At level 1 the sums add up to more than 16 bytes can hold',
    });
  });

  it.each<[string, (proof: LiabilityProof) => void, string]>([
    [
      'an upper-case nonce',
      (proof) => void (proof.nonce = proof.nonce.toUpperCase()),
      'nonce must be 64 lower-case hexadecimal digits',
    ],
    [
      'an amount with 9 decimals',
      (proof) => void (proof.amount = '1.000000001'),
      'amount must have at most 8 decimal places (the smallest amount is 0.00000001)',
    ],
    ['another version', (proof) => void Object.assign(proof, { version: 2 }), 'version must be one of: 1'],
  ])('refuses a proof with %s', async (_what, tamper, reason) => {
    const { proof } = await setUp();
    tamper(proof);
    await expect(verifyLiabilityProof(proof)).resolves.toEqual({
      ok: false,
      reason: `The proof is not well formed: ${reason}`,
    });
  });

  it('verifies random trees, and fails when any one digit of the proof changes', async () => {
    const leaf = fc.record({
      userId: fc.uuid({ version: 4 }),
      nonce: fc
        .uint8Array({ minLength: 32, maxLength: 32 })
        .map((bytes) => Buffer.from(bytes).toString('hex')),
      units: fc.bigInt({ min: 1n, max: 2n ** 100n }),
    });
    const [HEX, DECIMAL] = ['0123456789abcdef', '0123456789'];
    type Field = { text: string; digits: string; write: (proof: LiabilityProof, text: string) => void };
    const fieldsOf = (proof: LiabilityProof): Field[] => [
      { text: proof.rootHash, digits: HEX, write: (p, text) => void (p.rootHash = text) },
      { text: proof.total, digits: DECIMAL, write: (p, text) => void (p.total = text) },
      { text: proof.userId, digits: HEX, write: (p, text) => void (p.userId = text) },
      { text: proof.nonce, digits: HEX, write: (p, text) => void (p.nonce = text) },
      { text: proof.amount, digits: DECIMAL, write: (p, text) => void (p.amount = text) },
      ...proof.path.flatMap((step, level): Field[] => [
        { text: step.hash, digits: HEX, write: (p, text) => void (p.path[level]!.hash = text) },
        { text: step.sum, digits: DECIMAL, write: (p, text) => void (p.path[level]!.sum = text) },
      ]),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(leaf, { selector: (l) => l.userId, minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        async (leaves, pickLeaf, pickField, pickDigit) => {
          const tree = await buildMerkleSumTree(leaves, nodeSha256);
          const proof = proofOf(tree, leaves, pickLeaf % leaves.length);
          const published = { rootHash: tree.rootHash, total: tree.total };
          expect(await verifyLiabilityProof(proof, published)).toEqual({ ok: true });

          // One digit of one value replaced by the next digit of its kind: the value is never the same.
          const fields = fieldsOf(proof);
          const field = fields[pickField % fields.length]!;
          const positions = [...field.text].flatMap((c, at) => (field.digits.includes(c) ? [at] : []));
          const at = positions[pickDigit % positions.length]!;
          const next = field.digits[(field.digits.indexOf(field.text[at]!) + 1) % field.digits.length]!;
          const tampered = structuredClone(proof);
          field.write(tampered, field.text.slice(0, at) + next + field.text.slice(at + 1));
          expect((await verifyLiabilityProof(tampered, published)).ok).toBe(false);
        },
      ),
    );
  });
});
