// The funding forms' schemas, loaded on a form's first use (lazyZodResolver): the contracts' own requests, so the
// browser refuses what the plans service would refuse (a transaction id in its network's form, a real day, a
// positive amount to 8 places). The forms hold every field as text: NOT_ON_CHAIN is no network, and a settlement
// sends only the fields of the action chosen.
import { z } from '@cropvest/contracts/zod';
import {
  DisbursementRequest,
  ProceedsRequest,
  ReserveAllocationRequest,
  ReserveContributionRequest,
  SettlementRequest,
} from '@cropvest/contracts/plans/funding';
import { NOT_ON_CHAIN } from './rules.ts';

/** An amount left blank is a missing amount ("Amount is required"), not a malformed one. */
const amountOrMissing = <T extends { amount?: string }>(values: T) => ({
  ...values,
  amount: values.amount?.trim() ? values.amount : undefined,
});

/** The form's "not on chain" choice as the contract's null network and no transaction id. */
const onChainForm = (values: unknown) => {
  const { network, ...rest } = amountOrMissing(values as { network: string; amount?: string });
  return network === NOT_ON_CHAIN ? { ...rest, network: null, txid: null } : { ...rest, network };
};

export const DisbursementForm = z.preprocess(onChainForm, DisbursementRequest);
export const ProceedsForm = z.preprocess(onChainForm, ProceedsRequest);
export const ContributionForm = z.preprocess(onChainForm, ReserveContributionRequest);
export const AllocationForm = z.preprocess(
  (values) => amountOrMissing(values as { amount?: string }),
  ReserveAllocationRequest,
);

/** Only what the chosen action takes: the day to postpone to, or the failure report. */
export const SettlementForm = z.preprocess((values) => {
  const { action, until, report } = values as { action: string; until: string; report: string };
  if (action === 'postpone') return { action, until };
  if (action === 'fail') return { action, report };
  return { action };
}, SettlementRequest);
