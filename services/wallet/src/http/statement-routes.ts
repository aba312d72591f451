import { StatementQuery } from '@cropvest/contracts';
import { currentUser } from '@cropvest/service-kit/auth';
import { parseInput } from '@cropvest/service-kit/errors';
import { handlers } from '@cropvest/service-kit/operations';
import { openStatement } from '../app/statement.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * A download that makes no progress for this long is cut, which ends its snapshot: a client that stops
 * reading must not keep a database connection forever (the gateway cuts an idle upstream sooner).
 */
const STALLED_DOWNLOAD_MS = 60_000;

/**
 * The signed-in user's own account statement, a PDF or CSV file streamed from one snapshot; the user comes from
 * the verified token, never the query.
 */
export const statementRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    statement: {
      middleware: [
        async (ctx) => {
          const query = parseInput(StatementQuery, ctx.query);
          const file = await openStatement(wallet, currentUser(ctx.state), query);
          ctx.set('Content-Type', file.contentType);
          ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
          ctx.set('Cache-Control', 'no-store');
          ctx.res.setTimeout(STALLED_DOWNLOAD_MS);
          ctx.body = file.body;
        },
      ],
    },
  });
