// Every TypeScript source of every front end (frontends/<area>/src), for the tests that hold a rule over all of
// them: colours from the design tokens, directions that follow the reading direction.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const FRONTENDS = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export const appSources = (): string[] =>
  readdirSync(FRONTENDS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .flatMap((entry) => {
      try {
        return sourceFiles(path.join(FRONTENDS, entry.name, 'src'));
      } catch {
        return [];
      }
    });
