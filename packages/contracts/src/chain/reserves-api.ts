// Reconciliation and the proof of liabilities (docs/decisions/0082), answered by the chain service.
import { ownedBy } from '../api-operation.ts';
import { LiabilityProof } from './proof.ts';
import {
  ProofBuildStarted,
  ProofOfReservesReport,
  Reconciliation,
  ReservesHistory,
  ReservesHistoryQuery,
  ReservesOverview,
} from './reserves.ts';

export const reserveOperations = ownedBy('chain', {
  proofOfReserves: {
    method: 'get',
    path: '/api/proof-of-reserves',
    summary:
      "The latest proof of liabilities: the Merkle-sum tree's root hash, total and leaf count, when it was built, and the USDT each platform address held on chain (per network, at a final block) beside it",
    tag: 'Proof of reserves',
    auth: 'public',
    response: ProofOfReservesReport,
  },
  myReserveInclusion: {
    method: 'get',
    path: '/api/proof-of-reserves/me',
    summary:
      "The caller's own inclusion proof in the latest tree: their amount, secret nonce, leaf index and path to the published root",
    tag: 'Proof of reserves',
    auth: 'user',
    response: LiabilityProof,
    errors: { 404: 'No proof has been built yet, or the caller was owed nothing when the latest one was' },
  },
  buildProofOfReserves: {
    method: 'post',
    path: '/api/admin/proof-of-reserves/build',
    summary:
      'Builds and publishes a new proof of liabilities now, with fresh nonces (audited); answers once the build has started',
    tag: 'Admin: reserves',
    auth: 'admin',
    status: 202,
    response: ProofBuildStarted,
    errors: { 409: 'A build is already running' },
  },
  reserves: {
    method: 'get',
    path: '/api/admin/reserves',
    summary:
      'The latest reconciliation of on-chain reserves with what the ledger owes, and the latest proof build',
    tag: 'Admin: reserves',
    auth: 'admin',
    response: ReservesOverview,
  },
  reconcileReserves: {
    method: 'post',
    path: '/api/admin/reserves/reconcile',
    summary:
      'Reads every platform address on chain and the liabilities now, stores and answers the reconciliation (audited)',
    tag: 'Admin: reserves',
    auth: 'admin',
    response: Reconciliation,
  },
  reserveHistory: {
    method: 'get',
    path: '/api/admin/reserves/history',
    summary:
      'Reserves and liabilities per UTC day over the last `days` days (at most 90): each day its last run and the largest shortfall any run found',
    tag: 'Admin: reserves',
    auth: 'admin',
    query: ReservesHistoryQuery,
    response: ReservesHistory,
  },
});
