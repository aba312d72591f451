// The report form's schema, from the contract (loaded on the form's first use): the stage must be chosen, the text
// is the contract's; the photos are the uploads the form adds when it sends.
import { FieldReportInput, FieldReportStage } from '@cropvest/contracts/plans/field-reports';
import { z } from '@cropvest/contracts/zod';
import { STAGE_REQUIRED } from './rules.ts';

export const FieldReportForm = z.object({
  stage: z.string().min(1, STAGE_REQUIRED).pipe(FieldReportStage),
  text: FieldReportInput.shape.text,
});
