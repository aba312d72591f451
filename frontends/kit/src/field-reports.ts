// How a field report's stage reads on every screen that shows one (the plan page's timeline, My Investments'
// newest report, the admin's publishing form), so an investor and an admin see the same words.
import type { FieldReportStage } from '@cropvest/contracts/plans/field-reports';

export const FIELD_REPORT_STAGE_LABELS: Record<FieldReportStage, string> = {
  planted: 'Planted',
  growing: 'Growing',
  flowering: 'Flowering',
  pre_harvest: 'Pre-harvest',
  harvested: 'Harvested',
  adverse_event: 'Adverse event',
};
