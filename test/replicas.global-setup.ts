// The "replicas" project: the same boot as test/global-setup.ts, with two processes of every service behind
// the gateway (STACK_REPLICAS=2), for the money races, the accrual and the ledger check.
import globalSetup from './global-setup.ts';

export default async function replicasSetup(): Promise<void> {
  process.env.STACK_REPLICAS = '2';
  await globalSetup();
}
