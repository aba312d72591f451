// docker-compose.yml and k8s/ can't be run here (no container engine, no cluster), so they are checked the
// way they fail in practice: every Kubernetes object must be valid, and every process's environment, as each
// deployment assembles it, must pass that process's own configuration schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from '@cropvest/contracts';
import { BUS_PRINCIPALS, passwordVariable } from '@cropvest/service-kit/bus';
import { busCredentials } from '@cropvest/service-kit/runtime';
import { IdentityConfig } from '../../services/identity/src/config.ts';
import { WalletConfig } from '../../services/wallet/src/config.ts';
import { PlansConfig } from '../../services/plans/src/config.ts';
import { KycConfig } from '../../services/kyc/src/config.ts';
import { SupportConfig } from '../../services/support/src/config.ts';
import { NotifyConfig } from '../../services/notify/src/config.ts';
import { ChainConfig, networkSettings } from '../../services/chain/src/config.ts';
import { GatewayConfig } from '../../gateway/src/config.ts';
import { ofKind, OVERLAYS, renderOverlay, type K8sObject } from './kustomize.ts';

const root = path.resolve(import.meta.dirname, '../..');
const schemas: Record<string, z.ZodType> = {
  'services/identity/src/main.js': IdentityConfig,
  'services/wallet/src/main.js': WalletConfig,
  'services/plans/src/main.js': PlansConfig,
  'services/kyc/src/main.js': KycConfig,
  'services/support/src/main.js': SupportConfig,
  'services/notify/src/main.js': NotifyConfig,
  'services/chain/src/main.js': ChainConfig,
  'gateway/src/main.js': GatewayConfig,
};
/** Stand-ins for the secrets an operator provides. */
const secrets: Record<string, string> = {
  ADMIN_EMAIL: 'ops@example.com',
  ADMIN_PASSWORD: 'a-long-admin-password',
  WALLET_UPLOAD_TOKEN_SECRET: 'w'.repeat(64),
  PLANS_UPLOAD_TOKEN_SECRET: 'p'.repeat(64),
  KYC_UPLOAD_TOKEN_SECRET: 'k'.repeat(64),
  TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
  S3_ACCESS_KEY: 'access',
  S3_SECRET_KEY: 'secret-key',
  POSTGRES_PASSWORD: 'pg-password',
  DATABASE_URL: 'postgres://cropvest:pg-password@postgres:5432/cropvest',
  // Production: each service's own role's URL (k8s/overlays/production/database.yaml).
  uri: 'postgres://wallet:role-password@cropvest-db-rw:5432/cropvest',
  SMTP_URL: 'smtp://mailer:pass@mail.example.com:587',
  JWT_PRIVATE_KEY: '',
  // The chain service's endpoints (docs/decisions/0081; k8s/chain-endpoints.example.yaml).
  CHAIN_TRC20_ENDPOINT: 'https://api.trongrid.io',
  CHAIN_TRC20_API_KEY: 'trongrid-api-key',
  CHAIN_ERC20_ENDPOINT: 'https://ethereum.rpc.example/v1/provider-key',
  CHAIN_BEP20_ENDPOINT: 'https://bsc.rpc.example/v1/provider-key',
  // Each process's own NATS password (docs/decisions/0050-bus-permissions.md).
  ...Object.fromEntries(BUS_PRINCIPALS.map((p) => [passwordVariable(p), `n${p}0123456789abcdef0123`])),
};

function expectValidConfig(where: string, env: Record<string, string>) {
  const entry = env.SERVICE_ENTRY ?? '';
  const schema = schemas[entry];
  expect([where, schema ? 'known process' : `unknown SERVICE_ENTRY ${entry}`]).toEqual([
    where,
    'known process',
  ]);
  const result = (schema as z.ZodType).safeParse(env);
  expect([
    where,
    result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  ]).toEqual([where, []]);
  // Production never connects to NATS anonymously: each process as its own user, with its own password.
  const name = /^(?:services\/(\w+)|(gateway))\//.exec(entry)?.slice(1).find(Boolean) as string;
  const credentials = busCredentials(result.data as Parameters<typeof busCredentials>[0], name);
  expect([where, credentials]).toEqual([
    where,
    { user: name, password: secrets[passwordVariable(name as (typeof BUS_PRINCIPALS)[number])] },
  ]);
}

describe('docker-compose.yml', () => {
  /** Compose's ${VAR:?msg} and ${VAR:-default}, with the stand-in secrets set. */
  const interpolate = (value: string) =>
    value.replace(
      /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
      (_m, name: string, kind?: string, rest?: string) => secrets[name] ?? (kind === '-' ? (rest ?? '') : ''),
    );
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string | number>; image?: string }>;
  };

  it('runs every process of the platform, plus PostgreSQL, NATS and the S3 store', () => {
    const processes = Object.values(compose.services)
      .map((s) => s.environment?.SERVICE_ENTRY)
      .filter(Boolean);
    expect(processes.sort()).toEqual(Object.keys(schemas).sort());
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'nats', 's3', 's3-init']),
    );
  });

  it.each(Object.entries(compose.services).filter(([, s]) => s.environment?.SERVICE_ENTRY))(
    '%s gets an environment its config accepts',
    (name, service) => {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {})
          .map(([k, v]) => [k, interpolate(String(v))])
          .filter(([, v]) => v !== ''),
      );
      expectValidConfig(`compose ${name}`, env);
    },
  );
});

describe.each(OVERLAYS)('k8s/overlays/%s, rendered', (overlay) => {
  // Validity and the deployment rules: kubernetes.unit.test.ts.
  const objects = renderOverlay(overlay);

  it('give each process an environment its config accepts, and a Service in front of it', () => {
    const config = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'cropvest-config',
    ) as unknown as { data: Record<string, string> };
    const deployments = objects.filter((o) => o.kind === 'Deployment') as unknown as {
      metadata: { name: string };
      spec: {
        template: {
          spec: {
            containers: {
              env: { name: string; value?: string; valueFrom?: { secretKeyRef: { key: string } } }[];
            }[];
          };
        };
      };
    }[];
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
      'chain',
      'gateway',
      'identity',
      'kyc',
      'notify',
      'plans',
      'support',
      'wallet',
    ]);
    for (const deployment of deployments) {
      const container = deployment.spec.template.spec.containers[0];
      const env: Record<string, string> = { ...config.data };
      for (const item of container?.env ?? [])
        env[item.name] = item.value ?? secrets[item.valueFrom?.secretKeyRef.key ?? ''] ?? '';
      for (const [key, value] of Object.entries(env)) if (value === '') delete env[key];
      expectValidConfig(`k8s ${deployment.metadata.name}`, env);
      // One proxy appends before each process: the edge proxy before the gateway, the gateway before the services.
      expect([deployment.metadata.name, env.TRUSTED_PROXY_HOPS]).toEqual([deployment.metadata.name, '1']);
      expect(objects.some((o) => o.kind === 'Service' && o.metadata.name === deployment.metadata.name)).toBe(
        true,
      );
    }
  });
});

describe('metrics stay off the public edge (docs/decisions/0051-metrics-and-edge.md)', () => {
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; ports?: string[] }>;
  };
  const base = parseAllDocuments(readFileSync(path.join(root, 'k8s/base/services.yaml'), 'utf8')).map(
    (doc) => doc.toJS() as K8sObject,
  );
  const config = parse(readFileSync(path.join(root, 'k8s/base/config.yaml'), 'utf8')) as {
    data: Record<string, string>;
  };

  it('compose: every process serves /metrics on 9464 for the compose network, and only the gateway API is published', () => {
    const processes = Object.entries(compose.services).filter(([, s]) => s.environment?.SERVICE_ENTRY);
    expect(processes.length).toBe(8);
    for (const [name, service] of processes) {
      expect([name, service.environment?.METRICS_HOST, String(service.environment?.METRICS_PORT)]).toEqual([
        name,
        '0.0.0.0',
        '9464',
      ]);
      expect([name, (service.ports ?? []).filter((p) => p.includes('9464'))]).toEqual([name, []]);
    }
  });

  it('k8s: every pod names a metrics port that Prometheus scrapes, and no Service (so no Ingress) exposes it', () => {
    expect([config.data.METRICS_HOST, config.data.METRICS_PORT]).toEqual(['0.0.0.0', '9464']);
    const deployments = ofKind(base, 'Deployment');
    expect(deployments.length).toBe(8);
    for (const deployment of deployments) {
      const template = deployment.spec.template;
      const name = deployment.metadata.name;
      expect([name, template.metadata?.annotations]).toEqual([
        name,
        { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464', 'prometheus.io/path': '/metrics' },
      ]);
      expect([name, template.spec.containers[0]?.ports]).toEqual([
        name,
        expect.arrayContaining([{ name: 'metrics', containerPort: 9464 }]),
      ]);
    }
    for (const service of ofKind(base, 'Service'))
      expect([service.metadata.name, service.spec.ports.map((p) => p.name)]).toEqual([
        service.metadata.name,
        ['http'],
      ]);
  });
});

describe('the chain endpoints (docs/decisions/0081)', () => {
  const example = parse(readFileSync(path.join(root, 'k8s/chain-endpoints.example.yaml'), 'utf8')) as {
    kind: string;
    metadata: { name: string };
    stringData: Record<string, string>;
  };
  const chain = ofKind(
    parseAllDocuments(readFileSync(path.join(root, 'k8s/base/services.yaml'), 'utf8')).map(
      (doc) => doc.toJS() as K8sObject,
    ),
    'Deployment',
  ).find((o) => o.metadata.name === 'chain');
  const fromSecret = (chain?.spec.template.spec.containers[0]?.env ?? []).flatMap((e) =>
    e.valueFrom?.secretKeyRef?.name === 'cropvest-chain'
      ? [{ name: e.name, secretKeyRef: e.valueFrom.secretKeyRef }]
      : [],
  );
  const variable = (name: string) => (ChainConfig.shape as Record<string, z.ZodType>)[name] as z.ZodType;

  it('the example Secret holds each key the chain reads from cropvest-chain, TRC-20 alone required', () => {
    expect([example.kind, example.metadata.name]).toEqual(['Secret', 'cropvest-chain']);
    expect(Object.keys(example.stringData).sort()).toEqual(fromSecret.map((e) => e.secretKeyRef.key).sort());
    expect(fromSecret.filter((e) => !e.secretKeyRef.optional).map((e) => e.name)).toEqual([
      'CHAIN_TRC20_ENDPOINT',
    ]);
  });

  it("refuses the example's endpoint placeholders, so a forgotten one stops the boot", () => {
    const endpoints = Object.entries(example.stringData).filter(([key]) => key.endsWith('_ENDPOINT'));
    expect(endpoints.length).toBe(3);
    for (const [key, value] of endpoints) {
      expect([key, variable(key).safeParse(value).success]).toEqual([key, false]);
      expect([key, variable(key).safeParse(secrets[key]).success]).toEqual([key, true]);
    }
  });

  it('a deployment may give only the TRC-20 endpoint: the other networks are then not watched', () => {
    const { CHAIN_ERC20_ENDPOINT, CHAIN_BEP20_ENDPOINT, CHAIN_TRC20_API_KEY, ...env } = secrets;
    expect([CHAIN_ERC20_ENDPOINT, CHAIN_BEP20_ENDPOINT, CHAIN_TRC20_API_KEY].every(Boolean)).toBe(true);
    const result = ChainConfig.safeParse({
      ...env,
      NATS_URL: 'nats://nats:4222',
      JWKS_URL: 'http://identity:8101/.well-known/jwks.json',
    });
    expect(result.error?.issues ?? []).toEqual([]);
    const watched = networkSettings(result.data as ChainConfig).filter((network) => network.watched);
    expect(watched.map((network) => network.network)).toEqual(['TRC20']);
  });
});
