// A typed client's answer (test/support/client.ts) narrowed to the outcome a test expects, so its body is typed:
// the success type of the operation, or the error body of a refusal.
import type { ErrorBody } from '@cropvest/contracts';
import type { OperationAnswer } from '@cropvest/contracts/operation-call';
import type { Answer } from './client.ts';

/** The typed body of an answer that succeeded with exactly `status`; throws with what came instead. */
export function succeeded<Op>(answer: Answer<Op>, status = 200): OperationAnswer<Op> {
  if (answer.ok && answer.status === status) return answer.body;
  throw new Error(`expected ${status}, answered ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The error body of an answer refused with exactly `status`; throws with what came instead. */
export function refused<Op>(answer: Answer<Op>, status: number): ErrorBody {
  if (!answer.ok && answer.status === status) return answer.body;
  throw new Error(`expected a ${status} refusal, answered ${answer.status} ${JSON.stringify(answer.body)}`);
}
