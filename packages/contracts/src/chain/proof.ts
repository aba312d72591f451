// The proof of liabilities (decision 0082): a Merkle-sum tree over what CropVest owes each investor, the proof
// an investor downloads, and the one function that verifies it, in the browser and in `npm run proof:verify`.
// Only Web-standard APIs (Web Crypto, typed arrays, BigInt): this module is bundled into the front end too.
//
// One algorithm, two SHA-256 providers. Verifying a proof takes about twenty hashes, so it goes through Web
// Crypto, the only SHA-256 a browser has. Building a tree takes two million; Web Crypto is asynchronous per
// call (about 20 µs a hash in Node 20 against under 1 µs for node:crypto, see bench/chain/proof.ts), so the
// builder takes a synchronous hasher from its caller. Both hash the same preimages, written by the same
// functions below.
import { bytesToHex } from '@noble/hashes/utils';
import { Timestamp, Uuid } from '../common.ts';
import { z } from '../zod.ts';

export const PROOF_VERSION = 1;
/** Amounts are integers of 10⁻⁸ USDT, the ledger's scale. */
export const AMOUNT_DECIMALS = 8;
const UNITS_PER_USDT = 10n ** BigInt(AMOUNT_DECIMALS);
/** Every amount and sum is written as a 16-byte unsigned integer; a sum that does not fit is refused. */
export const MAX_UNITS = (1n << 128n) - 1n;

const HASH_BYTES = 32;
const SUM_BYTES = 16;
/** A node as the tree stores it and as a chunk holds it: its hash, then its sum, big-endian. */
export const NODE_BYTES = HASH_BYTES + SUM_BYTES;
/** How many nodes the chain service stores per row: one proof reads one chunk per level. */
export const NODES_PER_CHUNK = 4096;
/** A leaf index is a 32-bit unsigned integer, so a path has at most 32 levels. */
const MAX_DEPTH = 32;

const LEAF_PREFIX = new TextEncoder().encode('cropvest-leaf-v1');
const NODE_PREFIX = new TextEncoder().encode('cropvest-node-v1');
const UUID_BYTES = 16;
const NONCE_BYTES = 32;
const LEAF_PREIMAGE_BYTES = LEAF_PREFIX.length + UUID_BYTES + NONCE_BYTES + SUM_BYTES;
/** A node's preimage is its prefix then both children exactly as the tree stores them, side by side. */
const NODE_PREIMAGE_BYTES = NODE_PREFIX.length + 2 * NODE_BYTES;
/** The padding node of an odd level: 32 zero bytes with a sum of 0, which a fresh node record already is. */
export const PADDING_HASH = '0'.repeat(2 * HASH_BYTES);

// ---- Amounts: decimal strings <-> integers of 10⁻⁸ USDT, never through a float ----

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

type AmountReading = { ok: true; units: bigint } | { ok: false; problem: string };

/** Reads a decimal string of USDT as units, or says what is wrong with it (the words follow a field name). */
function readAmount(text: string): AmountReading {
  if (text.startsWith('-')) return { ok: false, problem: 'must not be negative' };
  if (!PLAIN_DECIMAL.test(text)) return { ok: false, problem: 'must be a plain decimal number such as 12.5' };
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > AMOUNT_DECIMALS)
    return {
      ok: false,
      problem: `must have at most ${AMOUNT_DECIMALS} decimal places (the smallest amount is 0.00000001)`,
    };
  const units = BigInt(whole) * UNITS_PER_USDT + BigInt(fraction.padEnd(AMOUNT_DECIMALS, '0'));
  if (units > MAX_UNITS) return { ok: false, problem: 'is more than a 16-byte sum can hold' };
  return { ok: true, units };
}

/** "12.5" → 1250000000n. Throws a RangeError naming `label` for a negative, inexact or oversized amount. */
export function decimalToUnits(text: string, label = 'The amount'): bigint {
  const reading = readAmount(text);
  if (!reading.ok) throw new RangeError(`${label} ${reading.problem}`);
  return reading.units;
}

/** 1250000000n → "12.50000000": always 8 decimals, as every amount on the wire. */
export function unitsToDecimal(units: bigint): string {
  if (units < 0n || units > MAX_UNITS) throw new RangeError(`${units} units is not an amount a sum can hold`);
  return `${units / UNITS_PER_USDT}.${(units % UNITS_PER_USDT).toString().padStart(AMOUNT_DECIMALS, '0')}`;
}

// ---- What is published and what an investor downloads ----

const fieldName = (path: readonly PropertyKey[] | undefined) => (path ?? []).map(String).join('.');

/** USDT as a decimal string: what the tree writes has 8 decimals; reading takes any exact amount. */
const UsdtAmount = z
  .string()
  .refine((text) => readAmount(text).ok, {
    error: (issue) => {
      const reading = readAmount(String(issue.input));
      return `${fieldName(issue.path)} ${reading.ok ? 'is not valid' : reading.problem}`;
    },
  })
  .openapi({ example: '1250.50000000', description: 'USDT, 8 decimals' });

/** 32 bytes (a hash, a nonce) as 64 lower-case hexadecimal digits. */
const Hex32Bytes = z
  .string()
  .regex(/^[0-9a-f]{64}$/, {
    error: (issue) => `${fieldName(issue.path)} must be 64 lower-case hexadecimal digits`,
  })
  .openapi({
    example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    description: '32 bytes, 64 lower-case hexadecimal digits',
  });

/** The tree's root as `GET /api/proof-of-reserves` publishes it. */
export const ProofOfReservesRoot = z
  .object({
    version: z.literal(PROOF_VERSION),
    rootHash: Hex32Bytes,
    total: UsdtAmount,
    leafCount: z.number().int().min(1),
    builtAt: Timestamp,
  })
  .openapi('ProofOfReservesRoot');
export type ProofOfReservesRoot = z.infer<typeof ProofOfReservesRoot>;

/** What a proof is compared with: the published root hash and total. */
export const PublishedRoot = ProofOfReservesRoot.pick({ rootHash: true, total: true });
export type PublishedRoot = z.infer<typeof PublishedRoot>;

/** One level of a path: the sibling of the node below, and the side the sibling sits on. */
export const ProofStep = z
  .object({ hash: Hex32Bytes, sum: UsdtAmount, side: z.enum(['left', 'right']) })
  .openapi('ProofStep');
export type ProofStep = z.infer<typeof ProofStep>;

/** An investor's inclusion proof, `GET /api/proof-of-reserves/me`. */
export const LiabilityProof = z
  .object({
    version: z.literal(PROOF_VERSION),
    rootHash: Hex32Bytes,
    total: UsdtAmount,
    userId: Uuid,
    nonce: Hex32Bytes,
    amount: UsdtAmount,
    leafIndex: z
      .number()
      .int()
      .min(0)
      .max(2 ** MAX_DEPTH - 1),
    /** From the leaf up. */
    path: z.array(ProofStep).max(MAX_DEPTH),
    builtAt: Timestamp,
  })
  .openapi('LiabilityProof');
export type LiabilityProof = z.infer<typeof LiabilityProof>;

// ---- Hashing: the preimages, and the two providers ----

/** A synchronous SHA-256, for building trees: the chain service passes node:crypto's. */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** SHA-256 through Web Crypto: what verifies a proof in the browser and in Node alike. */
export async function webCryptoSha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

const HEX_VALUES = new Int8Array(128).fill(-1);
for (const [value, digit] of [...'0123456789abcdef'].entries()) {
  HEX_VALUES[digit.charCodeAt(0)] = value;
  HEX_VALUES[digit.toUpperCase().charCodeAt(0)] = value;
}

/** Decodes `hex` into `target` at `offset` without allocating: the builder does this for every leaf. */
function writeHex(target: Uint8Array, offset: number, hex: string): void {
  for (let i = 0; i < hex.length / 2; i++) {
    const high = HEX_VALUES[hex.charCodeAt(2 * i)] ?? -1;
    const low = HEX_VALUES[hex.charCodeAt(2 * i + 1)] ?? -1;
    if (high < 0 || low < 0) throw new RangeError('Not hexadecimal');
    target[offset + i] = high * 16 + low;
  }
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function writeUnits(view: DataView, offset: number, units: bigint): void {
  view.setBigUint64(offset, units >> 64n);
  view.setBigUint64(offset + 8, BigInt.asUintN(64, units));
}

function readUnits(view: DataView, offset: number): bigint {
  return (view.getBigUint64(offset) << 64n) | view.getBigUint64(offset + 8);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NONCE = /^[0-9a-f]{64}$/i;

/** One investor's leaf: the user, their secret nonce (64 hex digits) and what is owed, in units. */
export interface LiabilityLeaf {
  userId: string;
  nonce: string;
  units: bigint;
}

/** "cropvest-leaf-v1" ‖ userId (16 bytes) ‖ nonce (32 bytes) ‖ amount (16 bytes), written into `target`. */
function writeLeafPreimage(target: Uint8Array, leaf: LiabilityLeaf): void {
  if (!UUID.test(leaf.userId)) throw new RangeError(`userId ${leaf.userId} is not a UUID`);
  if (!NONCE.test(leaf.nonce)) throw new RangeError('The nonce must be 64 hexadecimal digits');
  if (leaf.units < 0n || leaf.units > MAX_UNITS)
    throw new RangeError(`${leaf.units} units is not an amount a 16-byte sum can hold`);
  let at = 0;
  target.set(LEAF_PREFIX, at);
  writeHex(target, (at += LEAF_PREFIX.length), leaf.userId.replaceAll('-', ''));
  writeHex(target, (at += UUID_BYTES), leaf.nonce);
  writeUnits(viewOf(target), (at += NONCE_BYTES), leaf.units);
}

/** A node's preimage buffer with its prefix in place; the children are written after it. */
function newNodePreimage(): Uint8Array<ArrayBuffer> {
  const preimage = new Uint8Array(NODE_PREIMAGE_BYTES);
  preimage.set(NODE_PREFIX);
  return preimage;
}

/** The hash of an investor's leaf, with Web Crypto. */
export async function leafHash(userId: string, nonceHex: string, units: bigint): Promise<Uint8Array> {
  const preimage = new Uint8Array(LEAF_PREIMAGE_BYTES);
  writeLeafPreimage(preimage, { userId, nonce: nonceHex, units });
  return webCryptoSha256(preimage);
}

/** A node of the tree: its hash and the sum of the leaves below it, in units. */
export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

/** sha256("cropvest-node-v1" ‖ left.hash ‖ left.sum ‖ right.hash ‖ right.sum), with Web Crypto. */
export async function nodeHash(left: SumNode, right: SumNode): Promise<Uint8Array> {
  const preimage = newNodePreimage();
  const view = viewOf(preimage);
  for (const [at, child] of [
    [NODE_PREFIX.length, left],
    [NODE_PREFIX.length + NODE_BYTES, right],
  ] as const) {
    preimage.set(child.hash, at);
    writeUnits(view, at + HASH_BYTES, child.sum);
  }
  return webCryptoSha256(preimage);
}

/** A fresh per-investor secret: 32 random bytes as 64 hexadecimal digits. */
export function generateNonce(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
}

// ---- The tree's shape, shared by the tree in memory and the chunks the chain service stores ----

/** The nodes stored at each level, the leaves first and the root last; a level of odd count > 1 gets a padding node. */
export function levelSizes(leafCount: number): number[] {
  if (!Number.isInteger(leafCount) || leafCount < 1 || leafCount > 2 ** MAX_DEPTH)
    throw new RangeError(`A tree holds 1 to 2^${MAX_DEPTH} leaves, not ${leafCount}`);
  const sizes: number[] = [];
  for (let count = leafCount; count > 1;) {
    const stored = count + (count % 2);
    sizes.push(stored);
    count = stored / 2;
  }
  return [...sizes, 1];
}

function checkNodesPerChunk(nodesPerChunk: number): void {
  if (!Number.isInteger(nodesPerChunk) || nodesPerChunk < 1)
    throw new RangeError(`A chunk holds a whole number of nodes, not ${nodesPerChunk}`);
}

/** The side of the sibling of the node at `index`: an odd index is a right child, so its sibling is on the left. */
const siblingSide = (index: number): ProofStep['side'] => (index % 2 === 1 ? 'left' : 'right');

/** Where one step of a path is stored: the sibling's level and index, and its chunk and place in that chunk. */
export interface ProofLocation {
  level: number;
  index: number;
  chunk: number;
  offset: number;
  side: ProofStep['side'];
}

/** The nodes a leaf's path is made of, from the leaf up: one per level below the root. */
export function proofLocations(
  leafIndex: number,
  leafCount: number,
  nodesPerChunk = NODES_PER_CHUNK,
): ProofLocation[] {
  if (!Number.isInteger(leafIndex) || leafIndex < 0 || leafIndex >= leafCount)
    throw new RangeError(`Leaf ${leafIndex} is not in a tree of ${leafCount} leaves`);
  checkNodesPerChunk(nodesPerChunk);
  const depth = levelSizes(leafCount).length - 1;
  const locations: ProofLocation[] = [];
  for (let level = 0, index = leafIndex; level < depth; level++, index = Math.floor(index / 2)) {
    const sibling = index % 2 === 1 ? index - 1 : index + 1;
    locations.push({
      level,
      index: sibling,
      chunk: Math.floor(sibling / nodesPerChunk),
      offset: sibling % nodesPerChunk,
      side: siblingSide(index),
    });
  }
  return locations;
}

/** The node at `index` of a level or of one of its chunks, as a proof writes it. */
export function readNode(bytes: Uint8Array, index: number): Omit<ProofStep, 'side'> {
  const at = index * NODE_BYTES;
  if (at < 0 || at + NODE_BYTES > bytes.length) throw new RangeError(`No node ${index} in these bytes`);
  return {
    hash: bytesToHex(bytes.subarray(at, at + HASH_BYTES)),
    sum: unitsToDecimal(readUnits(viewOf(bytes), at + HASH_BYTES)),
  };
}

/** A run of nodes of one level, as the chain service stores it: `bytes` holds NODE_BYTES per node. */
export interface TreeChunk {
  level: number;
  chunk: number;
  bytes: Uint8Array;
}

// ---- The tree ----

/** Made only by buildMerkleSumTree, so its levels always hold a tree the builder checked. */
class MerkleSumTree {
  /**
   * `levels[0]` holds the leaves in hash order and the last level the root; every level below the root has an
   * even count of nodes (padding included), NODE_BYTES each. `leafIndexByInput[i]` is where the i-th leaf given
   * to the builder ended up.
   */
  constructor(
    readonly leafCount: number,
    private readonly levels: readonly Uint8Array[],
    readonly leafIndexByInput: Uint32Array,
  ) {}

  get rootHash(): string {
    return readNode(this.levels.at(-1)!, 0).hash;
  }

  get total(): string {
    return readNode(this.levels.at(-1)!, 0).sum;
  }

  /** The number of steps in every path. */
  get depth(): number {
    return this.levels.length - 1;
  }

  /** The path of a leaf, from the leaf up. */
  proofFor(leafIndex: number): ProofStep[] {
    return proofLocations(leafIndex, this.leafCount).map((location) => ({
      ...readNode(this.levels[location.level]!, location.index),
      side: location.side,
    }));
  }

  /** Every level cut into chunks of `nodesPerChunk` nodes; the bytes are views into the tree, not copies. */
  *chunks(nodesPerChunk = NODES_PER_CHUNK): Generator<TreeChunk> {
    checkNodesPerChunk(nodesPerChunk);
    const chunkBytes = nodesPerChunk * NODE_BYTES;
    for (const [level, bytes] of this.levels.entries())
      for (let chunk = 0; chunk * chunkBytes < bytes.length; chunk++)
        yield { level, chunk, bytes: bytes.subarray(chunk * chunkBytes, (chunk + 1) * chunkBytes) };
  }
}

/** Hashes between two turns of the event loop, so a service building a tree still answers meanwhile. */
const HASHES_PER_TURN = 16_384;
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The leaves' nodes in the order given, in blocks, as their count is known only at the end. */
class LeafBlocks {
  static readonly LEAVES_PER_BLOCK = 65_536;
  private readonly blocks: Uint8Array[] = [];
  count = 0;

  add(hash: Uint8Array, units: bigint): void {
    const offset = (this.count % LeafBlocks.LEAVES_PER_BLOCK) * NODE_BYTES;
    if (offset === 0) this.blocks.push(new Uint8Array(LeafBlocks.LEAVES_PER_BLOCK * NODE_BYTES));
    const block = this.blocks.at(-1)!;
    block.set(hash, offset);
    writeUnits(viewOf(block), offset + HASH_BYTES, units);
    this.count++;
  }

  node(input: number): Uint8Array {
    const at = (input % LeafBlocks.LEAVES_PER_BLOCK) * NODE_BYTES;
    return this.blocks[Math.floor(input / LeafBlocks.LEAVES_PER_BLOCK)]!.subarray(at, at + NODE_BYTES);
  }
}

async function hashLeaves(
  leaves: Iterable<LiabilityLeaf> | AsyncIterable<LiabilityLeaf>,
  sha256: Sha256,
): Promise<LeafBlocks> {
  const hashed = new LeafBlocks();
  const preimage = new Uint8Array(LEAF_PREIMAGE_BYTES);
  for await (const leaf of leaves) {
    const position = hashed.count;
    if (leaf.units <= 0n)
      throw new RangeError(
        `Leaf ${position} is owed ${leaf.units} units; only amounts above 0 belong in the tree`,
      );
    try {
      writeLeafPreimage(preimage, leaf);
    } catch (error) {
      throw new RangeError(`Leaf ${position}: ${(error as Error).message}`);
    }
    hashed.add(sha256(preimage), leaf.units);
    if (hashed.count % HASHES_PER_TURN === 0) await nextTurn();
  }
  return hashed;
}

/** The leaf level in hash order, padded to `size` nodes, and where each leaf given went. */
function sortLeaves(hashed: LeafBlocks, size: number): { level: Uint8Array; leafIndexByInput: Uint32Array } {
  // Sorting by the hashes' first four bytes decides all but a handful of pairs; those compare whole hashes.
  const prefixes = new Uint32Array(hashed.count);
  for (let input = 0; input < hashed.count; input++)
    prefixes[input] = viewOf(hashed.node(input)).getUint32(0);
  const compareHashes = (a: number, b: number) => {
    const [left, right] = [hashed.node(a), hashed.node(b)];
    for (let i = 0; i < HASH_BYTES; i++) if (left[i] !== right[i]) return left[i]! - right[i]!;
    return 0;
  };
  const order = new Uint32Array(hashed.count).map((_, input) => input);
  order.sort((a, b) => prefixes[a]! - prefixes[b]! || compareHashes(a, b));

  const level = new Uint8Array(size * NODE_BYTES);
  const leafIndexByInput = new Uint32Array(hashed.count);
  for (const [index, input] of order.entries()) {
    if (index > 0 && compareHashes(order[index - 1]!, input) === 0)
      throw new RangeError(`Leaves ${order[index - 1]} and ${input} are the same leaf`);
    level.set(hashed.node(input), index * NODE_BYTES);
    leafIndexByInput[input] = index;
  }
  return { level, leafIndexByInput };
}

/** A function of its own so that the leaves in input order, as big as the leaf level, are freed when it returns. */
async function hashAndSortLeaves(
  leaves: Iterable<LiabilityLeaf> | AsyncIterable<LiabilityLeaf>,
  sha256: Sha256,
): Promise<{ leafCount: number; level: Uint8Array; leafIndexByInput: Uint32Array }> {
  const hashed = await hashLeaves(leaves, sha256);
  if (hashed.count === 0) throw new RangeError('A tree needs at least one leaf');
  return { leafCount: hashed.count, ...sortLeaves(hashed, levelSizes(hashed.count)[0]!) };
}

/** The level above `children`, padded to `size` nodes. */
async function hashParents(children: Uint8Array, size: number, sha256: Sha256): Promise<Uint8Array> {
  const level = new Uint8Array(size * NODE_BYTES);
  const [view, childView] = [viewOf(level), viewOf(children)];
  const preimage = newNodePreimage();
  const parents = children.length / NODE_BYTES / 2;
  for (let parent = 0; parent < parents; parent++) {
    const left = 2 * parent * NODE_BYTES;
    preimage.set(children.subarray(left, left + 2 * NODE_BYTES), NODE_PREFIX.length);
    level.set(sha256(preimage), parent * NODE_BYTES);
    const sum =
      readUnits(childView, left + HASH_BYTES) + readUnits(childView, left + NODE_BYTES + HASH_BYTES);
    if (sum > MAX_UNITS) throw new RangeError('The liabilities add up to more than a 16-byte sum can hold');
    writeUnits(view, parent * NODE_BYTES + HASH_BYTES, sum);
    if ((parent + 1) % HASHES_PER_TURN === 0) await nextTurn();
  }
  return level;
}

/**
 * Builds the tree over the leaves, in any order (they are sorted by leaf hash), streamed so the caller need not
 * hold them all. Refuses a leaf owed nothing (decision 0082 counts investors owed more than zero), a leaf given
 * twice, and an empty tree. For a million leaves the tree takes about 100 MB: 48 bytes a node.
 */
export async function buildMerkleSumTree(
  leaves: Iterable<LiabilityLeaf> | AsyncIterable<LiabilityLeaf>,
  sha256: Sha256,
): Promise<MerkleSumTree> {
  const { leafCount, level, leafIndexByInput } = await hashAndSortLeaves(leaves, sha256);
  const levels = [level];
  for (const size of levelSizes(leafCount).slice(1))
    levels.push(await hashParents(levels.at(-1)!, size, sha256));
  return new MerkleSumTree(leafCount, levels, leafIndexByInput);
}

export type { MerkleSumTree };

// ---- Verifying ----

export type ProofVerification = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): ProofVerification => ({ ok: false, reason });

/**
 * Recomputes the investor's leaf, folds the path up to the root with Web Crypto, and checks that no sum is
 * negative or overflows 16 bytes, that the root hash and total are the proof's, and, when given, the published
 * ones. The reasons are written for the investor.
 */
export async function verifyLiabilityProof(
  proof: LiabilityProof,
  published?: PublishedRoot,
): Promise<ProofVerification> {
  const parsedProof = LiabilityProof.safeParse(proof);
  if (!parsedProof.success)
    return refuse(`The proof is not well formed: ${parsedProof.error.issues[0]!.message}`);
  const parsedPublished = published && PublishedRoot.safeParse(published);
  if (parsedPublished && !parsedPublished.success)
    return refuse(`The published root is not well formed: ${parsedPublished.error.issues[0]!.message}`);
  const { userId, nonce, amount, leafIndex, path, rootHash, total } = parsedProof.data;

  if (leafIndex >= 2 ** path.length)
    return refuse(`Leaf ${leafIndex} cannot be in a tree whose paths have ${path.length} levels`);
  for (const [level, step] of path.entries()) {
    const expected = siblingSide(Math.floor(leafIndex / 2 ** level));
    if (step.side !== expected)
      return refuse(
        `At level ${level + 1} the path puts the sibling on the ${step.side}, but leaf ${leafIndex} has it on the ${expected}`,
      );
  }

  const units = decimalToUnits(amount);
  let node: SumNode = { hash: await leafHash(userId, nonce, units), sum: units };
  for (const [level, step] of path.entries()) {
    const sibling: SumNode = { hash: hexToBytes(step.hash), sum: decimalToUnits(step.sum) };
    const sum = node.sum + sibling.sum;
    if (sum > MAX_UNITS)
      return refuse(`At level ${level + 1} the sums add up to more than 16 bytes can hold`);
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await nodeHash(left, right), sum };
  }
  if (bytesToHex(node.hash) !== rootHash)
    return refuse(
      "The path does not lead to the proof's root: the amount, nonce, user id or a step of the path is not what the tree was built from",
    );
  if (node.sum !== decimalToUnits(total))
    return refuse(`The path adds up to ${unitsToDecimal(node.sum)} USDT, not the proof's total of ${total}`);
  if (parsedPublished) {
    if (parsedPublished.data.rootHash !== rootHash)
      return refuse("The proof's root does not match the published root");
    if (decimalToUnits(parsedPublished.data.total) !== node.sum)
      return refuse(
        `The proof's total of ${total} USDT does not match the published total of ${parsedPublished.data.total}`,
      );
  }
  return { ok: true };
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  writeHex(bytes, 0, hex);
  return bytes;
}
