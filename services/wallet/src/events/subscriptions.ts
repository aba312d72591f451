// Everything the wallet reacts to, in one place.
import { subscribe, userDirectorySubscriptions, type Subscription } from '@cropvest/service-kit/bus';
import { type ServiceDeps } from '@cropvest/service-kit/runtime';
import { setSetting, upsertKycStatus } from '../db/projections.ts';
import { payHarvests } from '../app/service-requests.ts';
import {
  allocateReserve,
  payDisbursements,
  recordProceeds,
  recordReserveContribution,
} from '../app/plan-funding.ts';
import { recordPayoutVerdict, REQUIRE_KYC_SETTING } from '../app/withdrawals.ts';
import { returnCancelledPrincipal } from '../app/cancellations.ts';
import { SECOND_APPROVAL_THRESHOLD_SETTING } from '../app/four-eyes.ts';
import { WITHDRAWAL_HOLD_HOURS_SETTING, withdrawalHoldSubscriptions } from '../app/withdrawal-holds.ts';
import { ADDRESS_COOL_DOWN_SETTING } from '../app/address-book.ts';
import { WITHDRAWAL_LIMITS_SETTING } from '../app/withdrawal-limits.ts';
import {
  AUTO_CREDIT_CEILING_SETTING,
  AUTO_CREDIT_SETTING,
  creditAssignedTransfer,
  creditVerifiedDeposit,
  recordChainCheck,
  rejectRefusedDeposit,
} from '../app/deposits.ts';

export const subscriptions = ({ events }: Pick<ServiceDeps, 'events'>): Subscription[] => [
  // Names and emails for the admin lists, the exports and the statement.
  ...userDirectorySubscriptions('wallet'),
  // KYC gate of withdrawals: the user's review outcome and the security setting that turns the gate on; the
  // four-eyes threshold; and how far the chain may credit what it verified without an admin.
  // Holds on new withdrawals after a password, email or two-factor change (docs/decisions/0098).
  ...withdrawalHoldSubscriptions(),
  subscribe({
    durable: 'wallet-kyc-reviewed',
    type: 'kyc.reviewed',
    handle: (trx, event) => upsertKycStatus(trx, event.data),
  }),
  subscribe({
    durable: 'wallet-settings-updated',
    type: 'settings.updated',
    handle: async (trx, event) => {
      if (event.data.section === 'withdrawalLimits')
        return setSetting(trx, WITHDRAWAL_LIMITS_SETTING, event.data.settings);
      if (event.data.section !== 'security') return;
      await setSetting(trx, REQUIRE_KYC_SETTING, event.data.settings.requireKycForWithdrawals);
      await setSetting(trx, SECOND_APPROVAL_THRESHOLD_SETTING, event.data.settings.secondApprovalThreshold);
      await setSetting(trx, AUTO_CREDIT_SETTING, event.data.settings.autoCreditDeposits);
      await setSetting(trx, AUTO_CREDIT_CEILING_SETTING, event.data.settings.autoCreditCeiling);
      await setSetting(trx, WITHDRAWAL_HOLD_HOURS_SETTING, event.data.settings.withdrawalHoldHours);
      await setSetting(trx, ADDRESS_COOL_DOWN_SETTING, event.data.settings.addressBookCoolDownHours);
    },
  }),
  // The chain's verdicts on deposit claims (docs/decisions/0080): progress, a refusal, or verified USDT.
  subscribe({
    durable: 'wallet-chain-deposit-checked',
    type: 'chain.deposit.checked',
    handle: recordChainCheck,
  }),
  subscribe({
    durable: 'wallet-chain-deposit-refused',
    type: 'chain.deposit.refused',
    handle: (trx, event) => rejectRefusedDeposit(events, trx, event),
  }),
  subscribe({
    durable: 'wallet-chain-deposit-verified',
    type: 'chain.deposit.verified',
    handle: (trx, event) => creditVerifiedDeposit(events, trx, event),
  }),
  // A transfer nobody claimed, assigned to an investor by admins (docs/decisions/0084): credited once.
  subscribe({
    durable: 'wallet-chain-transfer-assigned',
    type: 'chain.transfer.assigned',
    handle: (trx, event) => creditAssignedTransfer(events, trx, event),
  }),
  // The chain's verdict on an approved withdrawal's payout transaction.
  subscribe({
    durable: 'wallet-chain-withdrawal-verified',
    type: 'chain.withdrawal.verified',
    handle: recordPayoutVerdict,
  }),
  // An investment cancelled within its four days to reconsider: the principal back to available, once.
  subscribe({
    durable: 'wallet-investment-cancelled',
    type: 'investment.cancelled',
    handle: (trx, event) => returnCancelledPrincipal(events, trx, event),
  }),
  // Harvest pays principal and interest to available, once (inbox + one idempotency key per movement). A
  // harvest day's backlog is taken 500 events per transaction and posted in bulk: a few statements a batch, whose
  // round trips wait longest while the machine is busy with the harvest (docs/decisions/0134-harvest-day.md).
  // After a failed batch, one event at a time.
  subscribe({
    durable: 'wallet-investment-harvested',
    type: 'investment.harvested',
    handle: (trx, event) => payHarvests(events, trx, [event]),
    handleMany: (trx, harvested) => payHarvests(events, trx, harvested),
    batch: 500,
  }),
  // Funded payouts (docs/decisions/0091): principal sent to the operator (one event per investment, in bulk),
  // proceeds received, the reserve fund's money and its allocations.
  subscribe({
    durable: 'wallet-investment-disbursed',
    type: 'investment.disbursed',
    handle: (trx, event) => payDisbursements(events, trx, [event]),
    handleMany: (trx, disbursed) => payDisbursements(events, trx, disbursed),
    batch: 100,
  }),
  subscribe({
    durable: 'wallet-plan-proceeds-recorded',
    type: 'plan.proceeds_recorded',
    handle: recordProceeds,
  }),
  subscribe({
    durable: 'wallet-reserve-contributed',
    type: 'reserve.contributed',
    handle: recordReserveContribution,
  }),
  subscribe({
    durable: 'wallet-reserve-allocated',
    type: 'reserve.allocated',
    handle: allocateReserve,
  }),
];
