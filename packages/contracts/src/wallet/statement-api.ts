// The account statement's operation, served by the wallet (it owns the ledger the statement reads).
import { ownedBy } from '../api-operation.ts';
import { StatementFile, StatementQuery } from './statement.ts';

export const statementOperations = ownedBy('wallet', {
  statement: {
    method: 'get',
    path: '/api/statement',
    summary:
      "Own account statement for a range of UTC days (both included, at most 1 year): the available balance's opening, movements and closing, as CSV or PDF",
    tag: 'Wallet',
    auth: 'user',
    query: StatementQuery,
    response: StatementFile,
    mediaTypes: ['text/csv', 'application/pdf'],
  },
});
