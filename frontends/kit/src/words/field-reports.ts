// How a field report's stage reads on every screen that shows one (the plan page's timeline, My Investments'
// newest report, the admin's publishing form and timeline), so an investor and an admin see the same words in
// every language.
import type { FieldReportStage } from '@cropvest/contracts/plans/field-reports';
import { useWordsMessages, type WordsMessageId } from './messages/catalogue.ts';

export const FIELD_REPORT_STAGE_WORDS: Record<FieldReportStage, WordsMessageId> = {
  planted: 'words.fieldReport.stage.planted',
  growing: 'words.fieldReport.stage.growing',
  flowering: 'words.fieldReport.stage.flowering',
  pre_harvest: 'words.fieldReport.stage.preHarvest',
  harvested: 'words.fieldReport.stage.harvested',
  adverse_event: 'words.fieldReport.stage.adverseEvent',
};

/** A stage's name in the page's language ("Pre-harvest"). */
export function useFieldReportStageWord(): (stage: FieldReportStage) => string {
  const { text } = useWordsMessages();
  return (stage) => text(FIELD_REPORT_STAGE_WORDS[stage]);
}
