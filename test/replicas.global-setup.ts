// The "replicas" project: the same boot as test/global-setup.ts, with two processes of every service and of the
// gateway (STACK_REPLICAS=2), for the money races, the accrual, the ledger check and the shared sign-in limit.
import globalSetup from './global-setup.ts';

export default async function replicasSetup(): Promise<void> {
  process.env.STACK_REPLICAS = '2';
  await globalSetup();
}
