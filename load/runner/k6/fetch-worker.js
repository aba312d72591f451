// Runs one request at a time for k6/http.js and raises the flag the caller waits on. A timeout answers like k6's:
// status 0, error code 1050, with the body received until then (an event stream held open).
import { workerData, parentPort } from 'node:worker_threads';

const { port, flag } = workerData;

async function perform({ method, url, headers, body, timeoutMs }) {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let received = '';
  let waiting = 0;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      signal: controller.signal,
      redirect: 'manual',
    });
    waiting = performance.now() - started;
    const answerHeaders = Object.fromEntries(response.headers);
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body ?? []) received += decoder.decode(chunk, { stream: true });
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      return {
        status: 0,
        error_code: 1050,
        error: 'request timeout',
        body: received,
        headers: answerHeaders,
        duration: performance.now() - started,
        waiting,
      };
    }
    return {
      status: response.status,
      body: received,
      headers: answerHeaders,
      duration: performance.now() - started,
      waiting,
    };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return {
      status: 0,
      error_code: timedOut ? 1050 : 1000,
      error: timedOut ? 'request timeout' : String(error),
      body: received || null,
      headers: {},
      duration: performance.now() - started,
      waiting,
    };
  } finally {
    clearTimeout(timer);
  }
}

parentPort.on('message', async (outgoing) => {
  port.postMessage(await perform(outgoing));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
