// Uploads the way a client makes them: a signed upload address from /api/objects/upload, then the file's
// bytes PUT to that address; the receiving service checks the content, the size cap and the token.
import http from 'node:http';
import type { UploadPurpose, UploadTicket } from '@cropvest/contracts';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import type { RawAnswer } from './client.ts';
import { freshIp, parseBody, stack, stackClient } from './api.ts';

export { PNG } from './factories.ts';

/** Asks for a signed upload address for `purpose` (without one, the default for the caller's role); throws unless granted. */
export async function requestUpload(token: string, purpose?: UploadPurpose): Promise<UploadTicket> {
  const result = await stackClient().call(walletOperations.uploadTicket, { token, body: { purpose } });
  if (!result.ok || result.status !== 200)
    throw new Error(`upload address refused: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/**
 * PUTs a file's bytes to an upload address through the gateway, declaring `contentType` as a browser would. The
 * address is the one the server signed (with its token), not a path of the contracts: the raw call is the point.
 */
export const putUpload = (
  uploadURL: string,
  bytes: Buffer | string,
  contentType = 'image/png',
): Promise<RawAnswer> =>
  stackClient().raw('PUT', uploadURL, { rawBody: bytes, headers: { 'content-type': contentType } });

/** A PUT that reads the answer as soon as it comes, while the body is still being sent: fetch would wait for all of it. */
export function putStreaming(
  path: string,
  chunks: Buffer[],
  headers: Record<string, string>,
  base = stack().gatewayUrl,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      new URL(path, base),
      {
        method: 'PUT',
        agent: false,
        headers: { 'content-type': 'image/png', 'x-forwarded-for': freshIp(), ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => {
          answered = true;
          resolve({ status: response.statusCode ?? 0, body: parseBody(text) });
          request.destroy();
        });
      },
    );
    // The server may answer (413) and close while the body is still going out: the write then fails with
    // EPIPE or ECONNRESET and the answer is still read. A connection that closes with no answer at all fails
    // the call at once instead of leaving the test to time out.
    request.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPIPE' && code !== 'ECONNRESET') reject(error);
    });
    request.on('close', () => {
      if (!answered) reject(new Error(`PUT ${path}: the connection closed without a complete answer`));
    });
    (async () => {
      for (const chunk of chunks) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await new Promise((r) => request.once('drain', r).once('close', r));
      }
      request.end();
    })().catch(() => undefined);
  });
}
