// Compiles every Node process `npm start` runs (the launcher, the local chains, each service and the gateway) to
// one JavaScript file each in build/run/, same paths with .js (`npm run build:stack`; decision 0114). With
// --if-stale it builds only when an output is missing or older than any file that went into it, which is what
// `npm start` runs first: an unchanged tree starts at once.
//
// Each bundle holds the entry, everything it imports from this repository (workspace packages included, whose
// package.json points at TypeScript) and packages installed only inside a workspace (service-kit's own lru-cache);
// what resolves to the root node_modules stays an import, loaded from there as under tsx. A bundle lives at another
// depth than its sources, so a source's `import.meta.dirname` and `import.meta.filename` are rewritten to its own
// directory and file, reckoned from the bundle's place at run time (the output moves with the checkout).
// Plain JavaScript so that it runs before anything is compiled, like frontends/build.mjs.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const outDir = path.join(root, 'build', 'run');
/** The inputs of the last build, for --if-stale (esbuild's metafile lists every file a bundle read). */
const inputsFile = path.join(outDir, 'inputs.json');
const rootModules = path.join(root, 'node_modules') + path.sep;

/** Every process's entry: the launcher, the local chains, and each service's and the gateway's main. */
function entries() {
  const services = readdirSync(path.join(root, 'services'))
    .map((name) => `services/${name}/src/main.ts`)
    .filter((entry) => existsSync(path.join(root, entry)));
  return ['scripts/stack.ts', 'scripts/chain/local-chains.ts', ...services, 'gateway/src/main.ts'];
}

const outputOf = (entry) => path.join(outDir, entry.replace(/\.ts$/, '.js'));

/** Why a build is needed, or undefined when every output is newer than every file that went into it. */
function staleness() {
  if (!existsSync(inputsFile)) return 'no earlier build';
  const outputs = entries().map(outputOf);
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const inputs = [
    ...JSON.parse(readFileSync(inputsFile, 'utf8')),
    'scripts/build-stack.mjs',
    'package-lock.json',
  ];
  for (const input of inputs) {
    const file = path.join(root, input);
    if (!existsSync(file) || statSync(file).mtimeMs > built) return `${input} changed`;
  }
  return undefined;
}

/** Bare imports: bundled when they resolve into this repository outside the root node_modules, else left as imports. */
const rootModulesExternal = {
  name: 'root-node-modules-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving || args.path.startsWith('node:')) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return resolved.path.startsWith(rootModules) ? { path: args.path, external: true } : resolved;
    });
  },
};

/** Each source's own `import.meta.dirname`/`filename`, reckoned from the directory its bundle `outfile` runs in. */
function sourceLocationsFrom(outfile) {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!/import\.meta\.(dirname|filename)/.test(source)) return undefined;
        const file = path.relative(path.dirname(outfile), args.path);
        const located = source
          .replaceAll(
            'import.meta.dirname',
            `__cropvestSource(import.meta.dirname, ${JSON.stringify(path.dirname(file))})`,
          )
          .replaceAll(
            'import.meta.filename',
            `__cropvestSource(import.meta.dirname, ${JSON.stringify(file)})`,
          );
        return { contents: located, loader: 'ts' };
      });
    },
  };
}

export async function buildStack() {
  const { build } = await import('esbuild');
  const started = performance.now();
  mkdirSync(path.dirname(outDir), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(outDir), 'run-'));
  const inputs = new Set();
  try {
    // One build per entry: every bundle's relative paths to its sources are reckoned from its own directory.
    await Promise.all(
      entries().map(async (entry) => {
        const outfile = outputOf(entry);
        const result = await build({
          absWorkingDir: root,
          entryPoints: [path.join(root, entry)],
          outfile: path.join(staging, path.relative(outDir, outfile)),
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          sourcemap: 'linked',
          sourcesContent: false,
          metafile: true,
          logLevel: 'warning',
          plugins: [rootModulesExternal, sourceLocationsFrom(outfile)],
          banner: { js: "import { resolve as __cropvestSource } from 'node:path';" },
        });
        for (const input of Object.keys(result.metafile.inputs)) inputs.add(input);
      }),
    );
    // Moved into place file by file (a rename replaces atomically): a stack starting meanwhile never reads half a file.
    for (const entry of entries()) {
      const outfile = outputOf(entry);
      mkdirSync(path.dirname(outfile), { recursive: true });
      const staged = path.join(staging, path.relative(outDir, outfile));
      renameSync(`${staged}.map`, `${outfile}.map`);
      renameSync(staged, outfile);
    }
    const fromRoot = [...inputs].map((input) => path.relative(root, path.resolve(root, input))).sort();
    writeFileSync(inputsFile, JSON.stringify(fromRoot, null, 1));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return performance.now() - started;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const reason = process.argv.includes('--if-stale') ? staleness() : 'asked';
  if (reason) {
    const ms = await buildStack();
    console.log(`compiled the stack's processes to build/run in ${(ms / 1000).toFixed(1)} s (${reason})`);
  }
}
