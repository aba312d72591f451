// Registers the remotes with the federation runtime (at run time, so one remote being down affects only its
// own area) and loads each exposed module once. Imported by index.ts, so a signed-out visitor on / starts
// fetching the landing page while the shell's own chunks are still arriving.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export const REMOTES = ['landing', 'investor', 'admin'] as const;
registerRemotes(
  REMOTES.map((name) => ({ name, entry: `${window.location.origin}/remotes/${name}/mf-manifest.json` })),
);

const loaded = new Map<string, Promise<unknown>>();

/** Loads `<remote>/<module>` once; a failure is not cached, so "Try again" can succeed. */
export function loadExposed<T>(id: string): Promise<T> {
  let promise = loaded.get(id) as Promise<T> | undefined;
  if (!promise) {
    promise = loadRemote<T>(id).then((module) => {
      if (!module) throw new Error(`${id} could not be loaded`);
      return module;
    });
    promise.catch(() => loaded.delete(id));
    loaded.set(id, promise);
  }
  return promise;
}

/** The signed-in area an address belongs to, and the module that lists its screens. */
export function signedInAreaOf(pathname: string): { routes: string } | undefined {
  const area = /^\/(admin|investor)(?:\/|$)/.exec(pathname)?.[1];
  return area ? { routes: `${area}/routes` } : undefined;
}
