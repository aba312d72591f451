// The report form's schema, from the contract (loaded on the form's first use): the stage must be chosen (said in
// the page's language when checked, the screen's catalogue being loaded), the text is the contract's; the photos
// are the uploads the form adds when it sends.
import { FieldReportInput, FieldReportStage } from '@cropvest/contracts/plans/field-reports';
import { z } from '@cropvest/contracts/zod';
import { formatOutsideReact } from '@cropvest/ui/i18n';
import { FIELD_REPORTS_MESSAGES } from './messages/catalogue.ts';

export const FieldReportForm = z.object({
  stage: z
    .string()
    .min(1, { error: () => formatOutsideReact(FIELD_REPORTS_MESSAGES, 'fieldReports.publish.stageRequired') })
    .pipe(FieldReportStage),
  text: FieldReportInput.shape.text,
});
