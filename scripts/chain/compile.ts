// The local chains' contracts (contracts/*.sol), compiled with solc-js: Hardhat's own compile downloads solc
// builds, which this machine cannot. Loading solc-js and compiling OpenZeppelin's ERC-20 takes seconds, so the
// output is kept in a cache directory the caller names, under a hash of everything that decides it.
// Run as `node --import tsx scripts/chain/compile.ts CACHE_DIR`, it compiles into that directory.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}
export type CompiledContracts = Record<'TestToken' | 'BatchTransfer', CompiledContract>;

const require = createRequire(import.meta.url);
const contractsDir = path.join(import.meta.dirname, 'contracts');
const root = path.resolve(import.meta.dirname, '../..');
const CONTRACT_FILES = { TestToken: 'TestToken.sol', BatchTransfer: 'BatchTransfer.sol' } as const;

/** The compiler input; the OpenZeppelin files come in through the import callback. */
function compilerInput(): string {
  const sources = Object.fromEntries(
    Object.values(CONTRACT_FILES).map((file) => [
      file,
      { content: readFileSync(path.join(contractsDir, file), 'utf8') },
    ]),
  );
  return JSON.stringify({
    language: 'Solidity',
    sources,
    settings: {
      // The EVM both local networks run without surprises; later targets add opcodes nothing here needs.
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  });
}

const packageVersion = (name: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

function compile(input: string): CompiledContracts {
  // Loaded only on a cache miss: requiring solc-js alone takes about a second.
  const solc = require('solc') as { compile: (input: string, callbacks: object) => string };
  const findImports = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), 'utf8') };
    } catch {
      return { error: `not found: ${importPath}` };
    }
  };
  const output = JSON.parse(solc.compile(input, { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0)
    throw new Error(
      `the local chains' contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  const pick = (name: keyof typeof CONTRACT_FILES): CompiledContract => {
    const contract = output.contracts[CONTRACT_FILES[name]]?.[name];
    if (!contract) throw new Error(`solc produced no ${name}`);
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  return { TestToken: pick('TestToken'), BatchTransfer: pick('BatchTransfer') };
}

/** Where these sources compiled by this solc are kept: the file name carries a hash of all that decides them. */
function cacheFile(cacheDir: string, input: string): string {
  const key = createHash('sha256')
    .update(input)
    .update(
      `solc ${packageVersion('solc')}, @openzeppelin/contracts ${packageVersion('@openzeppelin/contracts')}`,
    )
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheDir, `contracts-${key}.json`);
}

function compileInto(cacheDir: string): void {
  const input = compilerInput();
  const compiled = compile(input);
  mkdirSync(cacheDir, { recursive: true });
  const cached = cacheFile(cacheDir, input);
  // Written whole and renamed: two local chains starting together never read half a file.
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(compiled));
  renameSync(partial, cached);
}

/**
 * The compiled contracts, from `cacheDir` when these sources were compiled by this solc before. Otherwise they are
 * compiled by this file run as a process of its own: solc-js, once loaded, stays resident (about 180 MB with its
 * WebAssembly heap), which the long-running local chains should not carry.
 */
export async function compiledContracts(cacheDir: string): Promise<CompiledContracts> {
  const cached = cacheFile(cacheDir, compilerInput());
  if (!existsSync(cached)) {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, cacheDir], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0 || !existsSync(cached))
      throw new Error(`compiling the local chains' contracts failed (exit code ${code}); see above`);
  }
  return JSON.parse(readFileSync(cached, 'utf8')) as CompiledContracts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const cacheDir = process.argv[2];
  if (!cacheDir) throw new Error('usage: compile.ts CACHE_DIR');
  compileInto(cacheDir);
}
