// A typed client's answer (test/support/client.ts) narrowed to the success a test expects, so its body is the
// operation's success type; a refusal is checked on the answer itself (`toMatchObject({ status, body: {...} })`).
import type { OperationAnswer } from '@cropvest/contracts/operation-call';
import type { Answer } from './client.ts';

/** The typed body of an answer that succeeded with exactly `status`; throws with what came instead. */
export function succeeded<Op>(answer: Answer<Op>, status = 200): OperationAnswer<Op> {
  if (answer.ok && answer.status === status) return answer.body;
  throw new Error(`expected ${status}, answered ${answer.status} ${JSON.stringify(answer.body)}`);
}
