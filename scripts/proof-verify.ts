// `npm run proof:verify -- FILE [--url BASE | --root HEX --total DECIMAL]`: checks an investor's downloaded proof
// of liabilities (decision 0082) with the very function the browser runs, then compares its root and total with
// the published ones: fetched from BASE/api/proof-of-reserves, or given by hand. Without either it can only say
// that the proof is consistent with itself, and says so. Exits 0 when the proof verifies, 1 otherwise.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  LiabilityProof,
  ProofOfReservesRoot,
  PublishedRoot,
  verifyLiabilityProof,
} from '@cropvest/contracts/chain/proof';
import { reserveOperations } from '@cropvest/contracts/chain/reserves-api';
import { operationCall } from '@cropvest/contracts/operation-call';

const USAGE = 'usage: npm run proof:verify -- FILE [--url BASE | --root HEX --total DECIMAL]';
// The contract's path: a path renamed there follows here, an operation renamed or given parameters is a compile
// error. Fetched by hand rather than through a client, to word each way it can fail for the person checking.
const ENDPOINT = operationCall(reserveOperations.proofOfReserves).path;

/** A problem that stops the check before any verdict: printed as it is, exit code 1. */
class CannotCheck extends Error {}

/** The endpoint's answer; its `version` is left out, as only the root is compared. */
const PublishedAnswer = ProofOfReservesRoot.omit({ version: true });
type Published = PublishedRoot & { source: string; builtAt?: string; leafCount?: number };

const firstIssues = (error: { issues: { message: string }[] }) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `  ${issue.message}`)
    .join('\n');

function readCommandLine(): { file: string; url?: string; root?: string; total?: string } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { url: { type: 'string' }, root: { type: 'string' }, total: { type: 'string' } },
    });
  } catch (error) {
    throw new CannotCheck(`${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) throw new CannotCheck(USAGE);
  if ((values.root === undefined) !== (values.total === undefined))
    throw new CannotCheck(`--root and --total go together\n${USAGE}`);
  if (values.url !== undefined && values.root !== undefined)
    throw new CannotCheck(`Give either --url or --root and --total, not both\n${USAGE}`);
  return { file: positionals[0]!, ...values };
}

async function readProof(file: string): Promise<LiabilityProof> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new CannotCheck(`Cannot read ${file}: ${error.message}`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CannotCheck(`${file} is not JSON: ${(error as Error).message}`);
  }
  const proof = LiabilityProof.safeParse(json);
  if (!proof.success)
    throw new CannotCheck(`${file} is not a CropVest proof of liabilities:\n${firstIssues(proof.error)}`);
  return proof.data;
}

async function fetchPublished(base: string): Promise<Published> {
  const url = `${base.replace(/\/+$/, '')}${ENDPOINT}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new CannotCheck(`Cannot reach ${url}: ${cause}`);
  }
  if (response.status === 404)
    throw new CannotCheck(`${base} publishes no proof of reserves (GET ${ENDPOINT} answered 404)`);
  if (!response.ok) throw new CannotCheck(`GET ${url} answered ${response.status} ${response.statusText}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new CannotCheck(`GET ${url} did not answer with JSON`);
  }
  const published = PublishedAnswer.safeParse(body);
  if (!published.success)
    throw new CannotCheck(
      `GET ${url} did not answer with a published root:\n${firstIssues(published.error)}`,
    );
  return { ...published.data, source: `read from ${url}` };
}

function givenPublished(root: string, total: string): Published {
  const published = PublishedRoot.safeParse({ rootHash: root.toLowerCase(), total });
  if (!published.success)
    throw new CannotCheck(`The root and total given are not valid:\n${firstIssues(published.error)}`);
  return { ...published.data, source: 'given on the command line' };
}

async function main(): Promise<boolean> {
  const options = readCommandLine();
  const proof = await readProof(options.file);
  const published = options.url
    ? await fetchPublished(options.url)
    : options.root !== undefined && options.total !== undefined
      ? givenPublished(options.root, options.total)
      : undefined;
  const result = await verifyLiabilityProof(proof, published);

  console.log(`Proof of liabilities of user ${proof.userId}: ${result.ok ? 'VERIFIED' : 'NOT VERIFIED'}`);
  if (!result.ok) console.log(`  ${result.reason}`);
  else {
    const compared = (what: string) => (published ? `  (equals the published ${what})` : '');
    console.log(
      `  amount  ${proof.amount} USDT, leaf ${proof.leafIndex}, recomputed from your user id, nonce and amount`,
    );
    console.log(`  path    ${proof.path.length} levels up to the root; no sum negative or over 16 bytes`);
    console.log(`  root    ${proof.rootHash}${compared('root')}`);
    console.log(`  total   ${proof.total} USDT${compared('total')}`);
    console.log(`  built   ${proof.builtAt}`);
    if (published)
      console.log(
        `  published root ${published.source}${published.leafCount === undefined ? '' : `: ${published.leafCount} leaves`}`,
      );
    else
      console.log(
        '  Not compared with what CropVest publishes: add --url https://… (the site) or --root HEX --total DECIMAL.',
      );
  }
  if (published?.builtAt !== undefined && Date.parse(published.builtAt) !== Date.parse(proof.builtAt))
    console.log(
      `  Note: this proof is from the tree built at ${proof.builtAt}; the published root is from ${published.builtAt}. Download a fresh proof to compare the same tree.`,
    );
  return result.ok;
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (error) {
  if (!(error instanceof CannotCheck)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
