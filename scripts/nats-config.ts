// The nats-server users of docker compose and Kubernetes, generated from the permission matrix
// (packages/service-kit/src/bus/permissions.ts; docs/decisions/0050-bus-permissions.md):
//   npx tsx scripts/nats-config.ts            prints it
//   npx tsx scripts/nats-config.ts --write    rewrites k8s/nats-users/nats-server.conf (compose mounts it too)
//   --with-test-principal                     adds the test principal (password NATS_TEST_PASSWORD), for an
//                                             operator who wants to run the benchmarks against that NATS
// test/deploy/bus-permissions.unit.test.ts fails when the committed file is not what this prints.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BUS_PRINCIPALS,
  natsAuthorizationConfig,
  TEST_PRINCIPAL,
  type Principal,
} from '@cropvest/service-kit/bus';

export const NATS_CONFIG_FILE = path.resolve(import.meta.dirname, '../k8s/nats-users/nats-server.conf');

/** What the committed file holds: every service principal, never the test principal. */
export const deployedNatsConfig = (withTest = false): string => {
  const principals: Principal[] = [...BUS_PRINCIPALS];
  if (withTest) principals.push(TEST_PRINCIPAL);
  return natsAuthorizationConfig(principals);
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const text = deployedNatsConfig(process.argv.includes('--with-test-principal'));
  if (process.argv.includes('--write')) {
    writeFileSync(NATS_CONFIG_FILE, text);
    process.stdout.write(`wrote ${path.relative(process.cwd(), NATS_CONFIG_FILE)}\n`);
  } else process.stdout.write(text);
}
