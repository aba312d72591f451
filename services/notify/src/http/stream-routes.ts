import { decodeJwt } from 'jose';
import { bearerToken, currentUser } from '@cropvest/service-kit/auth';
import { handlers } from '@cropvest/service-kit/operations';
import type { NotifyContext } from '../app/context.ts';

/**
 * The live stream: server-sent events. The token was verified by the operation's guard; the stream ends when it
 * expires, and the client reconnects with a fresh one (browsers: fetch with the Authorization header, not
 * EventSource).
 */
export const streamRoutes = (notify: NotifyContext) =>
  handlers('notify', {
    notificationStream: {
      middleware: [
        async (ctx) => {
          const user = currentUser(ctx.state);
          const expiresAt = (decodeJwt(bearerToken(ctx.get('authorization')) as string).exp ?? 0) * 1000;
          ctx.req.socket.setTimeout(0);
          ctx.req.socket.setNoDelay(true);
          ctx.req.socket.setKeepAlive(true);
          ctx.set('Cache-Control', 'no-cache, no-transform');
          ctx.set('X-Accel-Buffering', 'no');
          ctx.type = 'text/event-stream; charset=utf-8';
          ctx.status = 200;
          ctx.body = notify.hub.open(user.id, user.role, expiresAt);
        },
      ],
    },
  });
