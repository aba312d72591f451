// k6/crypto: the hash the scripts use, over Node's crypto, with k6's names for the output encodings.
import { createHash } from 'node:crypto';

const ENCODINGS = { hex: 'hex', base64: 'base64', base64rawurl: 'base64url' };

export function sha256(input, outputEncoding) {
  const encoding = ENCODINGS[outputEncoding];
  if (!encoding) throw new Error(`k6/crypto stand-in: output encoding ${outputEncoding} is not supported`);
  return createHash('sha256').update(input).digest(encoding);
}
