// Everything the plans service reacts to, in one place.
import { subscribe, userDirectorySubscriptions, type Subscription } from '@cropvest/service-kit/bus';
import {
  INTEREST_SETTING,
  REQUIRE_KYC_SETTING,
  SECOND_APPROVAL_THRESHOLD_SETTING,
  setSetting,
  upsertKycStatus,
} from '../db/projections.ts';
import {
  REQUIRE_KEY_INFORMATION_ACKNOWLEDGEMENT_SETTING,
  REQUIRE_KEY_INFORMATION_SETTING,
} from '../db/key-information.ts';
import { REQUIRE_SUITABILITY_SETTING } from '../db/suitability.ts';
import { recordChainVerdict } from '../db/funding-writes.ts';
import { FUNDING_TRANSFER_TABLES } from '../db/migrations/014_funding_chain_checks.ts';

export const subscriptions = (): Subscription[] => [
  // The KYC gate of investing: each user's review outcome, and the security setting that turns it on.
  subscribe({
    durable: 'plans-kyc-reviewed',
    type: 'kyc.reviewed',
    handle: (trx, event) => upsertKycStatus(trx, event.data),
  }),
  subscribe({
    durable: 'plans-settings-updated',
    type: 'settings.updated',
    handle: async (trx, event) => {
      // Interest: the new plan form's default rate and the bounds of a principal. Security: the KYC gate.
      if (event.data.section === 'interest') await setSetting(trx, INTEREST_SETTING, event.data.settings);
      if (event.data.section === 'security') {
        await setSetting(trx, REQUIRE_KYC_SETTING, event.data.settings.requireKycForInvesting);
        await setSetting(trx, SECOND_APPROVAL_THRESHOLD_SETTING, event.data.settings.secondApprovalThreshold);
        await setSetting(trx, REQUIRE_KEY_INFORMATION_SETTING, event.data.settings.requireKeyInformation);
        await setSetting(
          trx,
          REQUIRE_KEY_INFORMATION_ACKNOWLEDGEMENT_SETTING,
          event.data.settings.requireKeyInformationAcknowledgement,
        );
        await setSetting(trx, REQUIRE_SUITABILITY_SETTING, event.data.settings.requireSuitabilityCheck);
      }
    },
  }),
  // The chain's verdicts on the transfers named by disbursements, proceeds and reserve contributions (decision 0095).
  subscribe({
    durable: 'plans-chain-funding-transfer-verified',
    type: 'chain.funding_transfer.verified',
    handle: (trx, event) =>
      recordChainVerdict(trx, FUNDING_TRANSFER_TABLES[event.data.recordKind], event.data),
  }),
  // Names for the admin investment list and the exports.
  ...userDirectorySubscriptions('plans'),
];
