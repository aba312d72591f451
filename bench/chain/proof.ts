// `npx tsx bench/chain/proof.ts`: the proof of liabilities (decision 0082) at the chain service's scale, with no
// stack. Builds the Merkle-sum tree over BENCH_PROOF_LEAVES (1,000,000) random leaves streamed from a generator,
// as the service streams them from PostgreSQL, hashing with node:crypto as the service does, and prints the
// build time (target under 30 s) and the process's peak RSS (target under 300 MB); then the time to produce one
// proof from the tree in memory and from copies of its stored chunks, and the time to verify one with Web
// Crypto, as a browser does. Last, why the builder takes a synchronous hasher: Web Crypto's cost per hash
// beside node:crypto's, and the build time each would give. Everything shares the machine's cores: read ratios.
import { hash } from 'node:crypto';
import os from 'node:os';
import { bytesToHex } from '@noble/hashes/utils';
import {
  buildMerkleSumTree,
  levelSizes,
  NODE_BYTES,
  NODES_PER_CHUNK,
  proofLocations,
  readNode,
  unitsToDecimal,
  verifyLiabilityProof,
  webCryptoSha256,
  type LiabilityLeaf,
  type LiabilityProof,
} from '@cropvest/contracts/chain/proof';

const LEAVES = Number(process.env.BENCH_PROOF_LEAVES ?? 1_000_000);
const PROOFS = 10_000;
const VERIFICATIONS = 200;
const HASH_SAMPLE = 50_000;
const TARGET_BUILD_SECONDS = 30;
const TARGET_PEAK_RSS_MB = 300;
const MB = 1024 * 1024;

const nodeSha256 = (data: Uint8Array) => hash('sha256', data, 'buffer');
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const secondsSince = (start: number) => (performance.now() - start) / 1000;
const microsecondsEach = (start: number, count: number) => ((performance.now() - start) * 1000) / count;

/**
 * Random leaves, made one at a time so none is held. Nonces come from a pool refilled 64 KiB at a time: one
 * getRandomValues call per leaf would cost more than building the tree, and the service reads stored nonces.
 */
function* randomLeaves(
  count: number,
  keep?: (index: number, leaf: LiabilityLeaf) => void,
): Generator<LiabilityLeaf> {
  const pool = new Uint8Array(65_536);
  let used = pool.length;
  for (let index = 0; index < count; index++) {
    if (used === pool.length) {
      crypto.getRandomValues(pool);
      used = 0;
    }
    const nonce = bytesToHex(pool.subarray(used, (used += 32)));
    const leaf = { userId: crypto.randomUUID(), nonce, units: BigInt(1 + Math.floor(Math.random() * 1e14)) };
    keep?.(index, leaf);
    yield leaf;
  }
}

console.log(
  `Proof of liabilities, ${LEAVES.toLocaleString('en-US')} leaves (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)})`,
);

let started = performance.now();
for (const leaf of randomLeaves(LEAVES)) void leaf;
const generatingSeconds = secondsSince(started);

// The investor whose proof is timed below; the service keeps each investor's leaf beside the tree.
const probeInput = Math.floor(Math.random() * LEAVES);
let probe: LiabilityLeaf | undefined;
const rssBefore = process.memoryUsage().rss;
started = performance.now();
const tree = await buildMerkleSumTree(
  randomLeaves(LEAVES, (index, leaf) => {
    if (index === probeInput) probe = leaf;
  }),
  nodeSha256,
);
const buildSeconds = secondsSince(started);
const peak = peakRss();
const treeBytes = levelSizes(LEAVES).reduce((nodes, size) => nodes + size, 0) * NODE_BYTES;
console.log(
  `  build      ${buildSeconds.toFixed(2)} s (target < ${TARGET_BUILD_SECONDS} s: ${buildSeconds < TARGET_BUILD_SECONDS ? 'met' : 'MISSED'}, ${(buildSeconds / TARGET_BUILD_SECONDS).toFixed(2)} of it), of which making the random leaves ${generatingSeconds.toFixed(2)} s`,
);
console.log(
  `  peak RSS   ${mb(peak)} (target < ${TARGET_PEAK_RSS_MB} MB: ${peak < TARGET_PEAK_RSS_MB * MB ? 'met' : 'MISSED'}, ${(peak / (TARGET_PEAK_RSS_MB * MB)).toFixed(2)} of it); ${mb(rssBefore)} before the build, the tree itself ${mb(treeBytes)}`,
);

const chunks = [...tree.chunks()];
console.log(
  `  tree       depth ${tree.depth}, root ${tree.rootHash}, total ${tree.total} USDT; ${chunks.length} chunks of ${NODES_PER_CHUNK} nodes`,
);

const leafIndex = tree.leafIndexByInput[probeInput]!;
started = performance.now();
const path = tree.proofFor(leafIndex);
const firstProofMicros = microsecondsEach(started, 1);
started = performance.now();
for (let i = 0; i < PROOFS; i++) tree.proofFor(Math.floor(Math.random() * LEAVES));
const proofMicros = microsecondsEach(started, PROOFS);

// The chain service answers from stored chunks: one per level, found by proofLocations.
const stored = new Map(chunks.map(({ level, chunk, bytes }) => [`${level}/${chunk}`, bytes.slice()]));
started = performance.now();
for (let i = 0; i < PROOFS; i++)
  proofLocations(Math.floor(Math.random() * LEAVES), LEAVES).map((location) => ({
    ...readNode(stored.get(`${location.level}/${location.chunk}`)!, location.offset),
    side: location.side,
  }));
const chunkProofMicros = microsecondsEach(started, PROOFS);
console.log(
  `  one proof  ${firstProofMicros.toFixed(0)} µs the first, ${proofMicros.toFixed(1)} µs on average over ${PROOFS.toLocaleString('en-US')} from the tree; ${chunkProofMicros.toFixed(1)} µs from ${tree.depth} stored chunks (reading them aside)`,
);

const proof: LiabilityProof = {
  version: 1,
  rootHash: tree.rootHash,
  total: tree.total,
  userId: probe!.userId,
  nonce: probe!.nonce,
  amount: unitsToDecimal(probe!.units),
  leafIndex,
  path,
  builtAt: new Date().toISOString(),
};
const published = { rootHash: tree.rootHash, total: tree.total };
started = performance.now();
const verdict = await verifyLiabilityProof(proof, published);
const firstVerifyMs = performance.now() - started;
if (!verdict.ok) throw new Error(`the probe's proof does not verify: ${verdict.reason}`);
started = performance.now();
for (let i = 0; i < VERIFICATIONS; i++) await verifyLiabilityProof(proof, published);
const verifyMs = microsecondsEach(started, VERIFICATIONS) / 1000;
console.log(
  `  verify     ${firstVerifyMs.toFixed(1)} ms the first, ${verifyMs.toFixed(2)} ms on average over ${VERIFICATIONS} (Web Crypto, ${path.length + 1} hashes each)`,
);

// A node's preimage: prefix and two children, 112 bytes.
const preimage = new Uint8Array(16 + 2 * NODE_BYTES);
started = performance.now();
for (let i = 0; i < HASH_SAMPLE; i++) {
  preimage[0] = i;
  await webCryptoSha256(preimage);
}
const webMicros = microsecondsEach(started, HASH_SAMPLE);
started = performance.now();
for (let i = 0; i < HASH_SAMPLE; i++) {
  preimage[0] = i;
  nodeSha256(preimage);
}
const nodeMicros = microsecondsEach(started, HASH_SAMPLE);
const hashesPerBuild = 2 * LEAVES;
console.log(
  `  hashing    Web Crypto ${webMicros.toFixed(2)} µs a hash, node:crypto ${nodeMicros.toFixed(2)} µs (${(webMicros / nodeMicros).toFixed(0)}× faster): the ${(hashesPerBuild / 1e6).toFixed(1)} M hashes of this build take ${((webMicros * hashesPerBuild) / 1e6).toFixed(1)} s one after another with Web Crypto, ${((nodeMicros * hashesPerBuild) / 1e6).toFixed(1)} s with node:crypto`,
);
