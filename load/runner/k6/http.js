// The `k6/http` calls the scripts use, synchronous as in k6: each request runs in a worker thread while this one
// waits on a shared flag.
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { recorded } from './state.js';

const flag = new Int32Array(new SharedArrayBuffer(4));
const { port1: answers, port2: workerPort } = new MessageChannel();
const worker = new Worker(new URL('./fetch-worker.js', import.meta.url), {
  workerData: { port: workerPort, flag },
  transferList: [workerPort],
});
worker.unref();

/** `'60s'`, `'500ms'`, `'2m'` or milliseconds, as k6 takes a timeout; k6's default is 60 s. */
function milliseconds(timeout) {
  if (timeout === undefined) return 60_000;
  if (typeof timeout === 'number') return timeout;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(timeout);
  if (!match) throw new Error(`k6 does not read the timeout ${timeout}`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2]];
}

/** The value at a dotted path (`user.email`, `items.0.id`), as k6's `json(selector)` reads simple ones. */
function select(value, selector) {
  return selector.split('.').reduce((node, key) => (node == null ? undefined : node[key]), value);
}

class Response {
  constructor(answer, request) {
    Object.assign(this, answer);
    this.request = request;
    this.timings = { duration: answer.duration, waiting: answer.waiting };
  }

  json(selector) {
    const value = JSON.parse(this.body);
    return selector === undefined ? value : select(value, selector);
  }
}

/** A string or bytes, as the scripts send them; k6 would form-encode an object, which no script does. */
function requestBody(body) {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('this runner sends string and ArrayBuffer bodies only (k6 would form-encode an object)');
}

export function request(method, url, body = null, params = {}) {
  const outgoing = {
    method: method.toUpperCase(),
    url,
    headers: params.headers ?? {},
    body: requestBody(body),
    timeoutMs: milliseconds(params.timeout),
  };
  Atomics.store(flag, 0, 0);
  worker.postMessage(outgoing);
  Atomics.wait(flag, 0, 0);
  const answer = receiveMessageOnPort(answers).message;
  const expected = params.responseCallback ?? defaultExpected;
  recorded.requests.push({
    method: outgoing.method,
    url,
    status: answer.status,
    failed: !expected(answer),
    tags: params.tags ?? {},
    duration: answer.duration,
  });
  return new Response(answer, outgoing);
}

/** k6's default: a status from 200 to 399 is a success. */
const defaultExpected = (answer) => answer.status >= 200 && answer.status < 400;

export function expectedStatuses(...statuses) {
  return (answer) =>
    statuses.some((status) =>
      typeof status === 'number'
        ? answer.status === status
        : answer.status >= status.min && answer.status <= status.max,
    );
}

export const get = (url, params) => request('GET', url, null, params);
export const post = (url, body, params) => request('POST', url, body, params);
export const put = (url, body, params) => request('PUT', url, body, params);
export const patch = (url, body, params) => request('PATCH', url, body, params);
export const del = (url, body, params) => request('DELETE', url, body, params);

export default { request, get, post, put, patch, del, expectedStatuses };
