// The message catalogues (decision 0124): for every remote with messages, English and Spanish have the same ids,
// every message is ICU @formatjs/cli accepts, a translation uses the same arguments and tags as the English one,
// every id is used by the remote's code (the ids code uses are checked by the type check: each remote's text()
// takes only its catalogue's ids), and the committed pseudo-locale file is what scripts/i18n-pseudo.ts compiles.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  CATALOGUE_DIRS,
  compileMessages,
  compilePseudo,
  PSEUDO_LOCALE,
} from '../../../scripts/i18n-pseudo.ts';
import compileCatalogue from '../../messages-loader.mjs';

const KNOWN_TEXTS_DIR = path.resolve(import.meta.dirname, '../src/messages');

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every catalogue's English and Spanish compiled to ICU syntax trees, and the pseudo-locale compiled from the
 * English, each once for all the catalogues (a CLI run per file cost minutes), when a test first asks.
 */
let trees: Map<string, Record<string, unknown>> | undefined;
const compiled = (file: string) =>
  (trees ??= compileMessages(
    CATALOGUE_DIRS.flatMap((dir) => ['en', 'es'].map((lang) => path.join(dir, `${lang}.json`))),
  )).get(file) as Record<string, unknown>;
let pseudoTrees: Map<string, unknown> | undefined;
const pseudoOf = (dir: string) => (pseudoTrees ??= compilePseudo(CATALOGUE_DIRS)).get(dir);

/** A catalogue as the front-end build's loader hands it to the browser (frontends/messages-loader.mjs). */
function compileForBrowser(file: string): Promise<string> {
  return compileCatalogue.call({ resourcePath: file }, readFileSync(file, 'utf8'));
}

/** The argument and tag names a message's syntax tree uses ({count}, <strong>), sorted. */
function namesIn(tree: unknown, names = new Set<string>()): string[] {
  if (Array.isArray(tree)) tree.forEach((node) => namesIn(node, names));
  else if (tree && typeof tree === 'object') {
    const node = tree as {
      type?: number;
      value?: unknown;
      options?: Record<string, { value: unknown }>;
      children?: unknown;
    };
    // Literal text (type 0) and # (type 7) name nothing; every other node's value is its argument or tag name.
    if (node.type !== 0 && node.type !== 7 && typeof node.value === 'string') names.add(node.value);
    Object.values(node.options ?? {}).forEach((option) => namesIn(option.value, names));
    namesIn(node.children, names);
  }
  return [...names].sort();
}

/** Every .ts and .tsx file of a remote's src, as one text. */
function sourceOf(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe.each(CATALOGUE_DIRS.map((dir) => [path.relative(process.cwd(), dir), dir]))('%s', (_name, dir) => {
  const en = readJson(path.join(dir, 'en.json')) as Record<string, string>;
  const es = readJson(path.join(dir, 'es.json')) as Record<string, string>;

  it('has the same ids in English and Spanish, none empty', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...en, ...es }).filter(([, message]) => !message.trim())).toEqual([]);
  });

  it('holds valid ICU messages, each translation with the English one’s arguments and tags', () => {
    const english = compiled(path.join(dir, 'en.json'));
    const spanish = compiled(path.join(dir, 'es.json'));
    const differing = Object.keys(english).filter(
      (id) => namesIn(english[id]).join() !== namesIn(spanish[id]).join(),
    );
    expect(differing).toEqual([]);
  });

  // The known texts are found by their English words, not by id: known-texts.unit.test.ts checks instead that
  // each is still a text the contracts or services send (decision 0129).
  const lookedUpByEnglish = dir === KNOWN_TEXTS_DIR;
  (lookedUpByEnglish ? it.skip : it)('has no message the code does not use', () => {
    const source = sourceOf(path.dirname(dir));
    // Ids built from a list's keys (`landing.features.${key}.title`) count as used by that template.
    const templates = [...source.matchAll(/`([a-z]+\.[\w.]*\$\{\w+\}[\w.${}]*)`/g)].map(
      ([, template]) => new RegExp(`^${template!.replace(/\./g, '\\.').replace(/\$\{\w+\}/g, '\\w+')}$`),
    );
    const unused = Object.keys(en).filter(
      (id) => !source.includes(`'${id}'`) && !templates.some((template) => template.test(id)),
    );
    expect(unused).toEqual([]);
  });

  it('compiles for the browser to the syntax trees @formatjs/cli writes', async () => {
    for (const lang of ['en', 'es']) {
      const file = path.join(dir, `${lang}.json`);
      expect(JSON.parse(await compileForBrowser(file))).toEqual(compiled(file));
    }
  });

  it(`has the pseudo-locale ${PSEUDO_LOCALE} compiled from the English messages as they are now`, () => {
    expect(readJson(path.join(dir, `${PSEUDO_LOCALE}.json`))).toEqual(pseudoOf(dir));
  });
});
