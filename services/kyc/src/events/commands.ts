// Request/reply answers the KYC service gives: KYC-document upload tickets for the wallet's POST /api/objects/upload.
import { KYC_DOCUMENT_TICKET_SUBJECT, UploadTicketCommand } from '@cropvest/contracts';
import { serveCommand } from '@cropvest/service-kit/bus';
import { issueDocumentTicket } from '../app/documents.ts';
import type { KycContext } from '../app/context.ts';

export function serveCommands(kyc: KycContext) {
  const subscriptions = [
    serveCommand(kyc.bus.nc, kyc.logger, {
      subject: KYC_DOCUMENT_TICKET_SUBJECT,
      schema: UploadTicketCommand,
      handle: (input) => issueDocumentTicket(kyc, input),
    }),
  ];
  return { stop: async () => subscriptions.forEach((s) => s.unsubscribe()) };
}
