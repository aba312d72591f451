// The right-to-left pseudo-locale of every front end's catalogue (decision 0124), compiled by @formatjs/cli
// from the English messages: `npx tsx scripts/i18n-pseudo.ts` rewrites frontends/<remote>/src/messages/en-XB.json.
// frontends/test/messages.unit.test.ts fails when a committed file is not what this compiles.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
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

/** The compiled pseudo-locale AST of one catalogue, as @formatjs/cli prints it (it also rejects invalid ICU). */
export function compilePseudo(dir: string): unknown {
  const out = execFileSync(
    CLI,
    ['compile', path.join(dir, 'en.json'), '--format', 'simple', '--ast', '--pseudo-locale', PSEUDO_LOCALE],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as unknown;
}

if (process.argv[1] === import.meta.filename) {
  for (const dir of CATALOGUE_DIRS) {
    const file = path.join(dir, `${PSEUDO_LOCALE}.json`);
    writeFileSync(file, `${JSON.stringify(compilePseudo(dir), null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
