// The service's migrations in the order they run; one file each, named by its number.
import type { Migration } from '@cropvest/service-kit/db';
import { plansSchema } from './001_plans.ts';
import { inlineRounding } from './002_inline_half_even.ts';
import { dailyInterestColumn } from './003_investment_daily_interest.ts';
import { reportIndexes } from './004_reports.ts';
import { investmentTerms } from './005_investment_terms.ts';
import { reportActiveInvestors } from './006_report_active_investors.ts';
import { adminInvestmentList } from './007_admin_investments.ts';
import { sharedUserDirectory } from './008_user_directory.ts';
import { reportRollups } from './009_report_rollups.ts';
import { planFunding } from './010_plan_funding.ts';
import { keyInformation } from './011_key_information.ts';
import { fieldReports } from './012_field_reports.ts';
import { suitabilityAndReconsidering } from './013_suitability_and_reconsidering.ts';
import { fundingChainChecks } from './014_funding_chain_checks.ts';
import { compoundingInterest } from './015_compounding_interest.ts';
import { rollupTriggersSkipPending } from './016_rollup_triggers_skip_pending.ts';
import { harvestByInvestor } from './017_harvest_by_investor.ts';
import { harvestAnnounced } from './018_harvest_announced.ts';

export const migrations: Migration[] = [
  plansSchema,
  inlineRounding,
  dailyInterestColumn,
  reportIndexes,
  investmentTerms,
  reportActiveInvestors,
  adminInvestmentList,
  sharedUserDirectory,
  reportRollups,
  planFunding,
  keyInformation,
  fieldReports,
  suitabilityAndReconsidering,
  fundingChainChecks,
  compoundingInterest,
  rollupTriggersSkipPending,
  harvestByInvestor,
  harvestAnnounced,
];
