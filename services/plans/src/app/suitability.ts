// Suitability and loss capacity (issue 25 item 8, decision 0094): the investor's answers, versioned, and the
// gate the purchase passes while `requireSuitabilityCheck` is on: answers on file, and above 5 % of the base
// (net worth, else yearly income) the loss warning acknowledged in the invest body.
import { v7 as uuidv7 } from 'uuid';
import {
  lossCapacityOf,
  lossWarning,
  readableAmount,
  warningThresholdOf,
  type SuitabilityRequest,
  type SuitabilityStatus,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { AppError, ConflictError } from '@cropvest/service-kit/errors';
import { recordAnswers, suitabilityOf, toSuitability, type SuitabilityState } from '../db/suitability.ts';
import type { PlansContext } from './context.ts';

export async function suitabilityStatus(ctx: PlansContext, user: AuthUser): Promise<SuitabilityStatus> {
  const { required, answers } = await suitabilityOf(ctx.db, user.id);
  return { required, answers: answers ? toSuitability(answers) : null };
}

const isVersionRace = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'suitability_answers_version';

export async function answerSuitability(
  ctx: PlansContext,
  user: AuthUser,
  input: SuitabilityRequest,
): Promise<SuitabilityStatus> {
  const wealth = { netWorth: input.netWorth ?? null, yearlyIncome: input.yearlyIncome ?? null };
  try {
    await recordAnswers(ctx.db, {
      id: uuidv7(),
      user_id: user.id,
      experience: input.experience,
      purpose: input.purpose,
      net_worth: wealth.netWorth,
      yearly_income: wealth.yearlyIncome,
      loss_capacity: lossCapacityOf(wealth),
      warning_threshold: warningThresholdOf(wealth),
    });
  } catch (error) {
    if (isVersionRace(error))
      throw new ConflictError(
        'Your answers were saved from elsewhere at the same moment; reload them and try again',
        'SUITABILITY_CHANGED',
      );
    throw error;
  }
  return suitabilityStatus(ctx, user);
}

/** What a purchase records of the check: the answers it was made with and the warning the investor accepted. */
export interface SuitabilityRecord {
  suitability_answers_id: string | null;
  loss_warning: string | null;
}

/**
 * The purchase's suitability gate, on the state the purchase read with everything else it checks. Off: nothing
 * is checked or recorded (the spec's call as it was). On: no answers is a 403; a principal above the warning
 * threshold without `acknowledgedLossWarning: true` is a 400 that names the amount and the capacity, so the
 * invest dialog can show the warning and ask again.
 */
export function suitabilityGate(
  { required, answers }: SuitabilityState,
  principal: string,
  acknowledgedLossWarning: boolean | undefined,
): SuitabilityRecord {
  if (!required) return { suitability_answers_id: null, loss_warning: null };
  if (!answers)
    throw new AppError(
      403,
      'SUITABILITY_REQUIRED',
      'Please answer the suitability questions (experience, purpose, net worth or income) before investing',
    );
  const warning = lossWarning(principal, toSuitability(answers));
  if (warning && acknowledgedLossWarning !== true)
    throw new AppError(
      400,
      'LOSS_WARNING_NOT_ACKNOWLEDGED',
      `${warning} Your loss capacity is ${readableAmount(answers.loss_capacity)} USDT. Confirm with acknowledgedLossWarning: true to invest anyway.`,
    );
  return { suitability_answers_id: answers.id, loss_warning: warning };
}
