// Bodies past the size limit, and just under it, then ordinary calls, all over ONE kept-alive connection to the
// gateway, each bounded far below the 66 s a stalled connection used to wait (issue 24): a service that answered
// before reading a body left the gateway's piping of it waiting for room forever (Node's client stops listening for
// the upstream socket's 'drain' once the answer is complete), and the client's next request on that connection
// hung until the idle timeout reset it. A body with a declared length past the limit is refused by the gateway;
// one without (chunked) reaches the service, which refuses it half-read.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import { BODY_TOO_LARGE } from '@cropvest/service-kit/http';
import { freshIp, registerInvestor, stack, type Session } from '../support/api.ts';
import {
  LONG_KEY_NEAR_LIMIT,
  manyKeys,
  MANY_KEYS_PAST_LIMIT,
  nestedObjects,
  OBJECTS_PAST_LIMIT,
} from './oversized-json.ts';

/** Far below the 66 s a stalled connection waited, far above a loaded machine's slowest refusal. */
const CALL_TIMEOUT_MS = 10_000;

interface Answer {
  status: number;
  body: { code?: string; message?: string };
}

/** One socket: a call that leaves it stalled makes every later call time out. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(method: string, path: string, options: { token?: string; body?: string; chunked?: boolean }) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'x-forwarded-for': freshIp() };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      if (!options.chunked) headers['content-length'] = Buffer.byteLength(options.body);
    }
    let answered = false;
    const request = http.request(`${stack().gatewayUrl}${path}`, { method, headers, agent }, (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(text) as Answer['body'],
        }),
      );
    });
    request.setTimeout(CALL_TIMEOUT_MS, () =>
      request.destroy(new Error(`${method} ${path} had no answer within ${CALL_TIMEOUT_MS} ms`)),
    );
    // A refused body may still be on its way when the answer and the closing come: only a missing answer fails.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    if (options.body === undefined) request.end();
    else if (options.chunked) {
      // Written in pieces without a length: the gateway cannot refuse it by its size, the service reads up to its
      // limit and refuses the rest unread.
      for (let at = 0; at < options.body.length; at += 16 * 1024)
        request.write(options.body.slice(at, at + 16 * 1024));
      request.end();
    } else request.end(options.body);
  });
}

let investor: Session;
beforeAll(async () => {
  investor = await registerInvestor();
});
afterAll(() => agent.destroy());

describe('bodies past the limit, then ordinary calls, over one connection', () => {
  it('are answered promptly: 413 or 400 in the JSON error shape, and every later call as usual', async () => {
    // A POST route of each service that reads a JSON body (identity's is public).
    const routes = [
      { path: '/api/auth/register', token: undefined },
      { path: '/api/support', token: investor.accessToken },
      { path: '/api/deposits', token: investor.accessToken },
      { path: '/api/kyc', token: investor.accessToken },
      { path: '/api/investments', token: investor.accessToken },
    ];
    const objects = nestedObjects(OBJECTS_PAST_LIMIT);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { path, token } of routes) {
      const calls = [
        { what: '200 KB of objects', body: objects, status: 413 },
        { what: 'a 100 KB key', body: `{${JSON.stringify(LONG_KEY_NEAR_LIMIT)}:1}`, status: 400 },
        { what: `${MANY_KEYS_PAST_LIMIT} keys`, body: `{${manyKeys(MANY_KEYS_PAST_LIMIT)}}`, status: 413 },
        { what: '200 KB of objects, chunked', body: objects, chunked: true, status: 413 },
      ];
      for (const { what, body, chunked, status } of calls) {
        const answer = await send('POST', path, { token, body, chunked });
        answers.push(`${path} ${what}: ${answer.status} ${typeof answer.body.code}`);
        expected.push(`${path} ${what}: ${status} string`);
        if (status === 413)
          expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE });
        const me = await send('GET', '/api/auth/me', { token: investor.accessToken });
        answers.push(`${path} ${what}, then me: ${me.status}`);
        expected.push(`${path} ${what}, then me: 200`);
      }
    }
    expect(answers).toEqual(expected);
  });
});
