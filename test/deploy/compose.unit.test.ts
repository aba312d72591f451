// docker-compose.yml as an operator meets it: Compose itself accepts it with every value of .env.example filled
// in and refuses it with any left empty; and its rules hold — health checks everywhere, start order on health and
// on the bucket set-up, pinned images of maintained parts (no MinIO server image, Jaeger v2), no secret in the file,
// the application's S3 user limited to its buckets, the S3 API published only through the override file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const composeText = read('docker-compose.yml');

interface Service {
  image?: string;
  build?: unknown;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  ports?: string[];
  command?: unknown;
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const platform = services.filter(([, service]) => service.environment?.SERVICE_ENTRY);

/**
 * Compose v2's `docker compose`, else v1's `docker-compose` (Debian's package; .ci/run installs it). Probed once:
 * each start of Debian's Python Compose costs about half a second of processor.
 */
let found: string[] | undefined;
function composeCommand(): string[] {
  for (const candidate of found ? [] : [['docker', 'compose'], ['docker-compose']]) {
    const probe = spawnSync(candidate[0] as string, [...candidate.slice(1), 'version'], { encoding: 'utf8' });
    if (probe.status === 0) return (found = candidate);
  }
  if (found) return found;
  throw new Error(
    'Neither `docker compose` nor `docker-compose` is installed (Debian: apt-get install docker-compose)',
  );
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cropvest-compose-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** .env.example with every empty value filled in (letters and digits, as it asks). */
const filledEnv = read('.env.example').replace(/^([A-Z0-9_]+)=$/gm, '$1=n0123456789abcdef');

function config(envText: string, files = ['docker-compose.yml']) {
  const envFile = path.join(scratch, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(envFile, envText);
  const [command, ...prefix] = composeCommand();
  return spawnSync(
    command as string,
    [...prefix, ...files.flatMap((file) => ['-f', file]), '--env-file', envFile, 'config'],
    { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH } },
  );
}

describe('docker compose config', () => {
  it('accepts the file with every value of .env.example filled in', () => {
    const result = config(filledEnv);
    expect([result.status, result.stderr]).toEqual([0, expect.any(String)]);
  });

  it('refuses it, naming the value, while any required one is empty', () => {
    const references = [...composeText.matchAll(/\$\{(\w+):\?([^}]*)\}/g)];
    const required = [...new Set(references.map((match) => match[1] as string))];
    expect(required.length).toBeGreaterThan(15);
    // Each required value's message names it …
    expect(references.filter(([, name, message]) => message !== `set ${name} in .env`)).toEqual([]);
    // … and Compose stops on it: shown for the first and the last (Compose treats every `${NAME:?message}` alike,
    // and a run per value took a minute of CI's processor).
    for (const name of [required[0] as string, required.at(-1) as string]) {
      const result = config(filledEnv.replace(new RegExp(`^${name}=.*$`, 'm'), `${name}=`));
      expect([name, result.status === 0, result.stderr.includes(`set ${name} in .env`)]).toEqual([
        name,
        false,
        true,
      ]);
    }
  });

  it("publishes the S3 store's API only with the override file", () => {
    const published = (files: string[]) =>
      (parse(config(filledEnv, files).stdout) as { services: Record<string, Service> }).services.s3?.ports ??
      [];
    expect(published(['docker-compose.yml'])).toEqual([]);
    expect(published(['docker-compose.yml', 'docker-compose.s3-public.yml'])).toEqual([
      expect.objectContaining({ target: 9000 }),
    ]);
  });
});

describe('docker-compose.yml rules', () => {
  it('pins every image to a version (PostgreSQL 18 like development, NATS 2.10 or later for JetStream)', () => {
    for (const [name, service] of services) {
      // The platform's own image is built here and tagged CROPVEST_VERSION.
      if (!service.image || service.build) continue;
      const tag = service.image.split(':')[1] ?? '';
      expect([name, tag !== '' && tag !== 'latest' && /\d/.test(tag)]).toEqual([name, true]);
    }
    expect(compose.services.postgres?.image).toMatch(/^postgres:18\.\d+/);
    const [major, minor] = (/^nats:(\d+)\.(\d+)/.exec(compose.services.nats?.image ?? '') ?? [])
      .slice(1)
      .map(Number);
    expect((major as number) * 100 + (minor as number)).toBeGreaterThanOrEqual(210);
    expect(compose.services.nats?.command).toEqual(expect.arrayContaining(['-js']));
  });

  it('runs maintained, published parts: an S3 store other than the unpublished MinIO server, Jaeger v2', () => {
    const images = services.map(([, service]) => service.image ?? '');
    expect(images.filter((image) => /^(minio\/|quay\.io\/minio\/)/.test(image))).toEqual([]);
    expect(images.filter((image) => image.startsWith('jaegertracing/all-in-one'))).toEqual([]);
    expect(compose.services.s3?.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
    expect(compose.services.jaeger?.image).toMatch(/^jaegertracing\/jaeger:2\.\d+\.\d+$/);
    // Every process sends OTLP/HTTP to it, the port Jaeger v2 receives on.
    for (const [name, service] of platform)
      expect([name, service.environment?.OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([
        name,
        '${OTEL_EXPORTER_OTLP_ENDPOINT-http://jaeger:4318}',
      ]);
  });

  it('gives every long-running service a health check, and starts the platform on health and finished set-up', () => {
    const oneShot = new Set(
      services.flatMap(([, service]) =>
        Object.entries(service.depends_on ?? {})
          .filter(([, dependency]) => dependency.condition === 'service_completed_successfully')
          .map(([dependency]) => dependency),
      ),
    );
    expect([...oneShot]).toEqual(['s3-init']);
    for (const [name, service] of services)
      if (!oneShot.has(name)) expect([name, Boolean(service.healthcheck?.test)]).toEqual([name, true]);
    expect(platform.length).toBe(8);
    for (const [name, service] of platform) {
      expect([name, service.depends_on]).toEqual([
        name,
        expect.objectContaining({
          postgres: { condition: 'service_healthy' },
          nats: { condition: 'service_healthy' },
          's3-init': { condition: 'service_completed_successfully' },
        }),
      ]);
      // Every dependency waits on health (or, for the set-up, on its success), never on a bare start.
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {}))
        expect([name, dependency, condition]).toEqual([
          name,
          dependency,
          expect.stringMatching(/^service_(healthy|completed_successfully)$/),
        ]);
    }
    expect(compose.services['s3-init']?.depends_on).toEqual({ s3: { condition: 'service_healthy' } });
  });

  it('holds no secret: every password, key, secret and chain endpoint comes from .env, which git ignores', () => {
    /** Secrets a process may run without, each read from .env with no value of its own in this file. */
    const optional = new Set([
      'JWT_PRIVATE_KEY',
      'CHAIN_TRC20_API_KEY',
      'CHAIN_ERC20_ENDPOINT',
      'CHAIN_BEP20_ENDPOINT',
    ]);
    const secretKeys: string[] = [];
    for (const [name, service] of services)
      for (const [key, value] of Object.entries(service.environment ?? {}))
        if (/PASSWORD|SECRET|_KEY$|DATABASE_URL|SMTP_URL|^CHAIN_\w+_ENDPOINT$/.test(key)) {
          secretKeys.push(key);
          const fromEnv =
            /\$\{\w+:\?/.test(String(value)) || (optional.has(key) && String(value) === `\${${key}:-}`);
          expect([name, key, fromEnv]).toEqual([name, key, true]);
        }
    // The chain's endpoints are secrets too (providers put keys in the URL; docs/decisions/0081).
    expect(secretKeys).toEqual(
      expect.arrayContaining(['CHAIN_TRC20_ENDPOINT', 'CHAIN_TRC20_API_KEY', 'CHAIN_ERC20_ENDPOINT']),
    );
    expect(read('.gitignore').split('\n')).toContain('.env');
    // `$${…}` is a literal dollar for the container's shell, not a Compose variable.
    const referenced = new Set([...composeText.matchAll(/(?<!\$)\$\{(\w+)/g)].map((match) => match[1]));
    const documented = new Set(
      [...read('.env.example').matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]),
    );
    expect([...referenced].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('gives the application its own S3 user, allowed its three buckets only', () => {
    for (const [name, service] of platform) {
      const env = service.environment ?? {};
      if (!env.S3_ENDPOINT) continue;
      expect([name, env.S3_ACCESS_KEY, env.S3_SECRET_KEY]).toEqual([
        name,
        expect.stringContaining('${S3_ACCESS_KEY:?'),
        expect.stringContaining('${S3_SECRET_KEY:?'),
      ]);
    }
    const setUp = JSON.stringify(compose.services['s3-init']?.command);
    expect(setUp).toMatch(
      /s3\.configure -user cropvest -access_key \$\$\{S3_ACCESS_KEY\} -secret_key \$\$\{S3_SECRET_KEY\} -buckets plan-images,kyc-documents,deposit-proofs -actions Read,Write,List -apply/,
    );
    expect(setUp).not.toContain('Admin');
  });
});
