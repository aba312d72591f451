// `npm run chain:send -- --network TRC20 --amount 150 [--to ADDRESS] [--from platform] [--token lookalike]`
// Sends test USDT on the local chains of the stack that DATA_DIR (default .data) names (decision 0083): from the
// faucet unless --from says otherwise, to the platform's active deposit address on that network unless --to does.
// Prints the transaction id, which is what an investor claims a deposit with.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NETWORK_TYPES, type NetworkName } from '@cropvest/contracts/chain/networks';
import { LocalChainsClient, LocalChainsError, type LocalChainsSummary, type TokenRole } from './client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const USAGE =
  'Usage: npm run chain:send -- --network TRC20|ERC20|BEP20 --amount 150 [--to ADDRESS] [--from faucet|platform|ADDRESS] [--token usdt|lookalike]';

class Refusal extends Error {}

/** TRC-20 for TRC20: how people write the network. */
const label = (network: NetworkName) => network.replace(/(\d+)$/, '-$1');

function readJson<T>(file: string, missing: string): T {
  if (!existsSync(file)) throw new Refusal(missing);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The platform's active deposit address on `network`, from the running stack's public network list. */
async function platformAddress(network: NetworkName): Promise<string> {
  const { gatewayUrl } = readJson<{ gatewayUrl: string }>(
    path.join(dataDir, 'stack.json'),
    `No running stack found (${path.join(dataDir, 'stack.json')} is missing): start it with \`npm start\`, or pass --to ADDRESS.`,
  );
  const url = `${gatewayUrl}/api/chain/networks`;
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new Refusal(
      `The platform at ${gatewayUrl} does not answer: is \`npm start\` still running? (or pass --to ADDRESS)`,
    );
  }
  if (!response.ok) throw new Refusal(`${url} answered ${response.status}; pass --to ADDRESS instead.`);
  const networks = (await response.json()) as { network: string; depositAddress?: string | null }[];
  const address = Array.isArray(networks)
    ? networks.find((n) => n.network === network)?.depositAddress
    : undefined;
  if (!address)
    throw new Refusal(`No active platform address on ${label(network)}: set one in Wallet Settings`);
  return address;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      network: { type: 'string' },
      amount: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string', default: 'faucet' },
      token: { type: 'string', default: 'usdt' },
    },
  });
  const network = NETWORK_TYPES.find((n) => n === values.network?.toUpperCase().replace('-', ''));
  if (!network) throw new Refusal(`--network must be one of ${NETWORK_TYPES.join(', ')}.\n${USAGE}`);
  if (!values.amount) throw new Refusal(`--amount is required.\n${USAGE}`);
  if (values.token !== 'usdt' && values.token !== 'lookalike')
    throw new Refusal(`--token must be usdt or lookalike.\n${USAGE}`);
  const token: TokenRole = values.token;

  const summary = readJson<LocalChainsSummary>(
    path.join(dataDir, 'local-chains.json'),
    `No local chains found (${path.join(dataDir, 'local-chains.json')} is missing): start the platform with \`npm start\` ` +
      '(it runs them when no chain endpoints are configured), with the same DATA_DIR as here.',
  );
  const to = values.to ?? (await platformAddress(network));
  const client = new LocalChainsClient(summary.control);
  let sent;
  try {
    sent = await client.transfer({ network, token, from: values.from, to, amount: values.amount });
  } catch (error) {
    if (error instanceof LocalChainsError) throw new Refusal(error.message);
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED')
      throw new Refusal(
        `The local chains at ${summary.control} do not answer: is \`npm start\` still running?`,
      );
    throw error;
  }
  const what = token === 'lookalike' ? 'look-alike USDT (not USDT: no deposit counts it)' : 'USDT';
  console.log(
    `Sent ${values.amount} ${what} on ${label(network)} from ${values.from} to ${to}, in block ${sent.blockNumber}.`,
  );
  console.log(`Transaction id: ${sent.txid}`);
  console.log(
    'Local chains have no explorer: to claim it, open Deposit in the investor app, choose ' +
      `${label(network)}, and enter the amount and this transaction id.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Refusal ? error.message : error);
  process.exit(1);
});
