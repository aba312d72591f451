// The permission matrix (packages/service-kit/src/bus/permissions.ts) is the one source of NATS permissions
// (docs/decisions/0050-bus-permissions.md). These checks keep it true to the code (each service's durable
// consumers, the events its source emits, the commands it serves) and keep the files docker compose and
// Kubernetes run NATS with generated from it, with every password wired to the process it belongs to.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { eventSchemas, IDENTITY_REVOCATIONS_SUBJECT, type EventType } from '@cropvest/contracts';
import {
  BUS_MATRIX,
  BUS_PRINCIPALS,
  durableName,
  passwordVariable,
  permissionsFor,
  type Subscription,
} from '@cropvest/service-kit/bus';
import { NatsAuthConfig, type ServiceDeps } from '@cropvest/service-kit/runtime';
import { subscriptions as identitySubscriptions } from '../../services/identity/src/events/subscriptions.ts';
import { subscriptions as walletSubscriptions } from '../../services/wallet/src/events/subscriptions.ts';
import { subscriptions as plansSubscriptions } from '../../services/plans/src/events/subscriptions.ts';
import { subscriptions as kycSubscriptions } from '../../services/kyc/src/events/subscriptions.ts';
import { subscriptions as supportSubscriptions } from '../../services/support/src/events/subscriptions.ts';
import { subscriptions as notifySubscriptions } from '../../services/notify/src/events/subscriptions.ts';
import type { NotifyContext } from '../../services/notify/src/app/context.ts';
import { subscriptions as chainSubscriptions } from '../../services/chain/src/events/subscriptions.ts';
import type { Checkers } from '../../services/chain/src/app/checkers.ts';
import { deployedNatsConfig, NATS_CONFIG_FILE } from '../../scripts/nats-config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SERVICES = BUS_PRINCIPALS.filter((p) => p !== 'gateway');

describe('the matrix matches the code', () => {
  const subscriptionsOf: Record<string, () => Subscription[]> = {
    identity: identitySubscriptions,
    wallet: () => walletSubscriptions({} as Pick<ServiceDeps, 'events'>),
    plans: plansSubscriptions,
    kyc: kycSubscriptions,
    support: supportSubscriptions,
    notify: () => notifySubscriptions({} as NotifyContext),
    chain: () => chainSubscriptions({} as Checkers),
  };

  it.each(SERVICES)("%s's durable consumers are the ones its grant allows, named by durableName", (name) => {
    const actual = subscriptionsOf[name]!().map((s) => [s.durable, s.type]);
    const granted = BUS_MATRIX[name].consumes.map((type) => [durableName(name, type), type]);
    expect(actual.sort()).toEqual(granted.sort());
  });

  /** Event types a service's source emits: events.emit(trx, '<type>', …), envelope('<type>', …), audit(…). */
  function emittedBy(name: string): EventType[] {
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const file = path.join(dir, entry);
        if (statSync(file).isDirectory()) walk(file);
        else if (file.endsWith('.ts')) {
          const source = readFileSync(file, 'utf8');
          for (const match of source.matchAll(
            /\.(?:emit|emitMany|envelope)\(\s*(?:\w+\s*,\s*)?'([a-z_]+(?:\.[a-z_]+)+)'/g,
          ))
            found.add(match[1] as string);
          if (/\.audit\(/.test(source)) found.add('audit.recorded');
        }
      }
    };
    walk(path.join(root, 'services', name, 'src'));
    return [...found].sort() as EventType[];
  }

  it.each(SERVICES)('%s may publish exactly the events its source emits', (name) => {
    expect(emittedBy(name)).toEqual([...BUS_MATRIX[name].emits].sort());
  });

  it('every event type has one owner besides audit.recorded, which every service records', () => {
    for (const type of Object.keys(eventSchemas) as EventType[]) {
      const owners = SERVICES.filter((name) => BUS_MATRIX[name].emits.includes(type));
      if (type === 'audit.recorded') expect(owners.sort()).toEqual([...SERVICES].sort());
      else expect([type, owners.length]).toEqual([type, 1]);
    }
  });

  it('every process that verifies access tokens follows ended sessions (docs/decisions/0052)', () => {
    for (const name of BUS_PRINCIPALS) {
      const { publish, subscribe } = permissionsFor(name);
      expect([name, subscribe]).toEqual([name, expect.arrayContaining(['events.user.sessions_revoked'])]);
      if (name !== 'identity')
        expect([name, publish]).toEqual([name, expect.arrayContaining([IDENTITY_REVOCATIONS_SUBJECT])]);
    }
    expect(BUS_MATRIX.identity.serves).toContain(IDENTITY_REVOCATIONS_SUBJECT);
  });

  it('every command someone calls is served by exactly one service', () => {
    for (const principal of Object.keys(BUS_MATRIX) as (keyof typeof BUS_MATRIX)[])
      for (const subject of BUS_MATRIX[principal].calls) {
        const servers = SERVICES.filter((name) => BUS_MATRIX[name].serves.includes(subject));
        expect([principal, subject, servers.length]).toEqual([principal, subject, 1]);
      }
  });

  it('only identity may adjust a balance; nobody but the stack itself may publish or read everything', () => {
    const adjusters = Object.entries(BUS_MATRIX)
      .filter(([name]) =>
        permissionsFor(name as keyof typeof BUS_MATRIX).publish.includes('cmd.wallet.adjust'),
      )
      .map(([name]) => name);
    expect(adjusters).toEqual(['identity']);
    for (const name of BUS_PRINCIPALS) {
      const { publish, subscribe } = permissionsFor(name);
      for (const subject of [...publish, ...subscribe])
        expect([name, subject]).not.toEqual([
          name,
          expect.stringMatching(/^(>|events\.>|cmd\.>|_INBOX\.>|\$JS\.API\.>)$/),
        ]);
    }
  });

  it('a responder acks through allow_responses, never through an ack grant as well (docs/decisions/0050)', () => {
    for (const name of BUS_PRINCIPALS) {
      const { publish, allowResponses } = permissionsFor(name);
      const ackGrants = publish.filter((subject) => subject.startsWith('$JS.ACK.'));
      // Both at once made nats-server keep a note of every delivery that nothing ever cleared.
      if (allowResponses) expect([name, ackGrants]).toEqual([name, []]);
      else expect([name, ackGrants.length]).toEqual([name, 2 * BUS_MATRIX[name].consumes.length]);
    }
  });
});

describe('the NATS config compose and Kubernetes run', () => {
  const committed = readFileSync(NATS_CONFIG_FILE, 'utf8');
  const variables = [...committed.matchAll(/password: \$(\w+)/g)].map((m) => m[1]);

  it('is generated from the matrix (npx tsx scripts/nats-config.ts --write), without the test principal', () => {
    expect(committed).toBe(deployedNatsConfig());
    expect(variables.sort()).toEqual(BUS_PRINCIPALS.map(passwordVariable).sort());
  });

  it('is a config nats-server accepts', () => {
    const env = Object.fromEntries(variables.map((v) => [v as string, `n${'0'.repeat(40)}`]));
    const check = spawnSync('nats-server', ['-c', NATS_CONFIG_FILE, '-t'], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    });
    expect(`${check.stdout}${check.stderr}`).toContain('is valid');
  });

  it('compose gives NATS every password, and each process its own user and password', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; command?: string[] }>;
    };
    const nats = compose.services.nats!;
    expect(nats.command).toEqual(expect.arrayContaining(['-c', '/etc/nats/nats-server.conf']));
    for (const variable of variables)
      expect(nats.environment?.[variable as string]).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
    for (const name of BUS_PRINCIPALS) {
      const env = compose.services[name]!.environment ?? {};
      expect([name, env.NATS_USER]).toEqual([name, name]);
      expect(env.NATS_PASSWORD).toMatch(new RegExp(`^\\$\\{${passwordVariable(name)}:\\?`));
    }
  });

  it('Kubernetes gives NATS every password, each Deployment its own, and the example Secret has each key', () => {
    const docs = ['base/services.yaml', 'overlays/single-node/infrastructure.yaml'].flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(root, 'k8s', file), 'utf8')).map((d) => d.toJS()),
    ) as {
      kind: string;
      metadata: { name: string };
      spec: {
        template: {
          spec: {
            containers: {
              args?: string[];
              env?: {
                name: string;
                value?: string;
                valueFrom?: { secretKeyRef: { name: string; key: string } };
              }[];
            }[];
          };
        };
      };
    }[];
    const envOf = (kind: string, name: string) =>
      docs.find((d) => d.kind === kind && d.metadata.name === name)!.spec.template.spec.containers[0]!.env ??
      [];
    const natsEnv = envOf('StatefulSet', 'nats');
    for (const variable of variables)
      expect(natsEnv.find((e) => e.name === variable)?.valueFrom?.secretKeyRef).toEqual({
        name: 'cropvest-nats',
        key: variable,
      });
    for (const name of BUS_PRINCIPALS) {
      const env = envOf('Deployment', name);
      expect([name, env.find((e) => e.name === 'NATS_USER')?.value]).toEqual([name, name]);
      expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
        name: 'cropvest-nats',
        key: passwordVariable(name),
      });
    }
    const example = parse(readFileSync(path.join(root, 'k8s/nats-credentials.example.yaml'), 'utf8')) as {
      kind: string;
      metadata: { name: string };
      stringData: Record<string, string>;
    };
    expect([example.kind, example.metadata.name]).toEqual(['Secret', 'cropvest-nats']);
    expect(Object.keys(example.stringData).sort()).toEqual([...variables].sort());
    // A placeholder left in place stops the boot instead of becoming a known password.
    for (const value of Object.values(example.stringData))
      expect(NatsAuthConfig.NATS_PASSWORD.safeParse(value).success).toBe(false);
  });
});
