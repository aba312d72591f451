// The right-to-left pseudo-locale of every front end's catalogue (decision 0124), compiled by @formatjs/cli
// from the English messages: `npx tsx scripts/i18n-pseudo.ts` rewrites frontends/<remote>/src/messages/en-XB.json.
// frontends/kit/test/messages.unit.test.ts fails when a committed file is not what this compiles.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FRONTENDS = path.resolve(import.meta.dirname, '../frontends');
const CLI = path.resolve(import.meta.dirname, '../node_modules/.bin/formatjs');
export const PSEUDO_LOCALE = 'en-XB';

/**
 * Every catalogue (decision 0128): a messages/en.json anywhere in a front end's src, beside the code that uses it
 * (a remote's frame, a screen folder, a shared component's folder).
 */
export const CATALOGUE_DIRS = readdirSync(FRONTENDS)
  .map((front) => path.join(FRONTENDS, front, 'src'))
  .filter((src) => existsSync(src))
  .flatMap((src) =>
    readdirSync(src, { recursive: true, encoding: 'utf8' }).map((file) => path.join(src, file)),
  )
  .filter((file) => file.endsWith(`${path.sep}messages${path.sep}en.json`))
  .map((file) => path.dirname(file))
  .sort();

/**
 * Message files compiled to ICU syntax trees by @formatjs/cli, which fails on a message that is not valid ICU;
 * with `pseudo`, to the pseudo-locale's. Answers each file's trees by its path. One run of the CLI for them all
 * (`compile-folder`): a run per file cost CI about two minutes of start-ups.
 */
export function compileMessages(
  files: string[],
  { pseudo = false } = {},
): Map<string, Record<string, unknown>> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cropvest-messages-'));
  try {
    const input = path.join(scratch, 'in');
    const output = path.join(scratch, 'out');
    mkdirSync(input);
    files.forEach((file, index) => copyFileSync(file, path.join(input, `${index}.json`)));
    execFileSync(
      CLI,
      [
        'compile-folder',
        input,
        output,
        '--format',
        'simple',
        '--ast',
        ...(pseudo ? ['--pseudo-locale', PSEUDO_LOCALE] : []),
      ],
      { encoding: 'utf8' },
    );
    return new Map(
      files.map((file, index) => [
        file,
        JSON.parse(readFileSync(path.join(output, `${index}.json`), 'utf8')) as Record<string, unknown>,
      ]),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The compiled pseudo-locale of every catalogue, by its folder, as @formatjs/cli prints it. */
export function compilePseudo(dirs: string[]): Map<string, unknown> {
  const compiled = compileMessages(
    dirs.map((dir) => path.join(dir, 'en.json')),
    { pseudo: true },
  );
  return new Map(dirs.map((dir) => [dir, compiled.get(path.join(dir, 'en.json'))]));
}

if (process.argv[1] === import.meta.filename) {
  for (const [dir, pseudo] of compilePseudo(CATALOGUE_DIRS)) {
    const file = path.join(dir, `${PSEUDO_LOCALE}.json`);
    writeFileSync(file, `${JSON.stringify(pseudo, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
