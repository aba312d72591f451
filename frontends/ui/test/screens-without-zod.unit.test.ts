// Screens paint without zod. A shared package under Module Federation is never tree-shaken, so a front-end module
// that imports at run time anything from a contracts module reaching zod (directly, or through ../zod.ts,
// ../common.ts, ../decimal.ts, ...) makes the browser load all of zod (87 KB gzip) before the screen paints. Form
// schemas load lazily, from files named schemas.ts, *-schemas.ts or *-schema.ts, through `import()` on first focus
// or submit (lazyZodResolver in frontends/kit/src/form.ts); what a screen needs besides them (limits, lists of
// choices, texts, plain functions) lives in the contracts' schema-free modules (identity/sign-in-rules.ts,
// plans/suitability-rules.ts, ...), which import their schema module for types only. A schema file imported
// statically would bring zod along just the same, so those imports are followed too.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { appSources, FRONTENDS } from './app-sources.ts';

const CONTRACTS = path.resolve(FRONTENDS, '../packages/contracts/src');
const CONTRACTS_PACKAGE = '@cropvest/contracts';

/** The files the front ends load lazily, the only ones that may hold zod schemas. */
const isLazySchemaFile = (file: string): boolean => /^(?:schemas|.+-schemas?)\.ts$/.test(path.basename(file));

/** zod itself, and the package that extends it (contracts/src/zod.ts loads both). */
const isZod = (specifier: string): boolean =>
  specifier === 'zod' || specifier.startsWith('zod/') || specifier === '@asteasolutions/zod-to-openapi';

const runtimeNamed = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean =>
  elements.length === 0 || elements.some((element) => !element.isTypeOnly);

/**
 * The specifiers a module imports or re-exports at run time, in source order. `import type`, `export type` and
 * imports whose every name is `type X` are erased by the compiler; `import()` loads later, on demand.
 */
function runtimeImports(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  return file.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const atRunTime =
        !clause ||
        (clause.phaseModifier !== ts.SyntaxKind.TypeKeyword &&
          (clause.name !== undefined ||
            clause.namedBindings === undefined ||
            ts.isNamespaceImport(clause.namedBindings) ||
            runtimeNamed(clause.namedBindings.elements)));
      return atRunTime ? [statement.moduleSpecifier.text] : [];
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const clause = statement.exportClause;
      const atRunTime =
        !statement.isTypeOnly && (!clause || ts.isNamespaceExport(clause) || runtimeNamed(clause.elements));
      return atRunTime ? [statement.moduleSpecifier.text] : [];
    }
    return [];
  });
}

/** The file a specifier names (a relative path, or a module of the contracts package); null for other packages. */
function resolve(specifier: string, from: string): string | null {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(from), specifier);
    return [target, `${target}.ts`, `${target}.tsx`].find((candidate) => existsSync(candidate)) ?? null;
  }
  if (specifier === CONTRACTS_PACKAGE) return path.join(CONTRACTS, 'index.ts');
  if (specifier.startsWith(`${CONTRACTS_PACKAGE}/`))
    return path.join(CONTRACTS, `${specifier.slice(CONTRACTS_PACKAGE.length + 1)}.ts`);
  return null;
}

const importsByFile = new Map<string, string[]>();
const importsOf = (file: string): string[] => {
  let imports = importsByFile.get(file);
  if (!imports) {
    imports = /\.tsx?$/.test(file) ? runtimeImports(readFileSync(file, 'utf8'), file) : [];
    importsByFile.set(file, imports);
  }
  return imports;
};

/**
 * How `file` loads zod at run time, as the chain of files from it to zod (breadth first, so the shortest), or
 * null when it does not.
 */
function zodChain(file: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[file, null]]);
  const chainTo = (last: string, end: string): string[] => {
    const chain = [end];
    for (let at: string | null = last; at !== null; at = cameFrom.get(at) ?? null) chain.unshift(at);
    return chain;
  };
  const queue = [file];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const specifier of importsOf(next)) {
      if (isZod(specifier)) return chainTo(next, specifier);
      const target = resolve(specifier, next);
      if (target && existsSync(target) && !cameFrom.has(target)) {
        cameFrom.set(target, next);
        queue.push(target);
      }
    }
  }
  return null;
}

/** A file as the failure names it: under packages/contracts/src or frontends; a package by its name. */
const shortName = (file: string): string => {
  if (!path.isAbsolute(file)) return file;
  return file.startsWith(CONTRACTS) ? path.relative(CONTRACTS, file) : path.relative(FRONTENDS, file);
};

/** A front-end module's runtime imports of contracts modules and of lazily loaded schema files. */
const watchedImports = (file: string): { specifier: string; target: string }[] =>
  importsOf(file).flatMap((specifier) => {
    const target = resolve(specifier, file);
    const watched =
      specifier === CONTRACTS_PACKAGE ||
      specifier.startsWith(`${CONTRACTS_PACKAGE}/`) ||
      (target !== null && isLazySchemaFile(target));
    return watched && target ? [{ specifier, target }] : [];
  });

describe('screens without zod', () => {
  it('reads runtime imports and leaves the ones erased for types', () => {
    const source = [
      "import { useState } from 'react';",
      "import type { Plan } from '@cropvest/contracts/plans/model';",
      "import { type Suitability, type SuitabilityStatus } from '@cropvest/contracts/plans/suitability';",
      "import { lossWarning, type Suitability as S } from '@cropvest/contracts/plans/suitability-rules';",
      "import * as all from './all.ts';",
      "import type * as SchemasModule from './schemas.ts';",
      "import Default from './default.ts';",
      "import './styles.css';",
      "export { LIVE_TOPICS, type LiveTopic } from './notification-stream.ts';",
      "export type { Lookalike } from './address-book.ts';",
      "export { type Ticket } from './model.ts';",
      "export * from './events.ts';",
      "const later = () => import('./schemas.ts');",
    ].join('\n');
    expect(runtimeImports(source)).toEqual([
      'react',
      '@cropvest/contracts/plans/suitability-rules',
      './all.ts',
      './default.ts',
      './styles.css',
      './notification-stream.ts',
      './events.ts',
    ]);
  });

  it('finds the way to zod from a schema module', () => {
    expect(zodChain(path.join(CONTRACTS, 'kyc/model.ts'))?.at(-1)).toBe('zod');
    expect(zodChain(path.join(CONTRACTS, 'money.ts'))).toBeNull();
  });

  it('no front-end module but the lazily loaded schema files loads zod at run time', () => {
    const modules = appSources().filter((file) => !isLazySchemaFile(file));
    const imports = modules.flatMap((file) => watchedImports(file).map((watched) => ({ file, ...watched })));
    // The scan sees the screens' contract imports (a broken resolution would pass for the wrong reason).
    expect(imports.length).toBeGreaterThan(20);
    const loadingZod = imports.flatMap(({ file, specifier, target }) => {
      const chain = zodChain(target);
      return chain ? [`${shortName(file)} → ${specifier} (${chain.map(shortName).join(' → ')})`] : [];
    });
    expect(loadingZod).toEqual([]);
  });
});
