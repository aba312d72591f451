// The key information gates of investing (issue 25, item 6; decision 0092), as a pure rule: which refusal, if
// any, a purchase meets given the plan's current sheet, the version the investor acknowledged and the settings.

export interface KeyInformationGates {
  requireKeyInformation: boolean;
  requireKeyInformationAcknowledgement: boolean;
}

export interface PlanKeyInformation {
  /** The current version, null while the plan has no sheet. */
  version: number | null;
  complete: boolean;
}

export type KeyInformationRefusal =
  | {
      status: 409;
      code: 'KEY_INFORMATION_INCOMPLETE' | 'KEY_INFORMATION_MISSING' | 'KEY_INFORMATION_CHANGED';
      message: string;
    }
  | { status: 400; code: 'KEY_INFORMATION_NOT_ACKNOWLEDGED'; message: string };

export function keyInformationRefusal(
  plan: PlanKeyInformation,
  acknowledgedVersion: number | undefined,
  gates: KeyInformationGates,
): KeyInformationRefusal | null {
  if (gates.requireKeyInformation && (plan.version === null || !plan.complete))
    return {
      status: 409,
      code: 'KEY_INFORMATION_INCOMPLETE',
      message: 'This plan is not taking investments until its key information sheet is complete',
    };
  const askedFor = acknowledgedVersion !== undefined || gates.requireKeyInformationAcknowledgement;
  if (!askedFor) return null;
  if (plan.version === null)
    return {
      status: 409,
      code: 'KEY_INFORMATION_MISSING',
      message: 'This plan has no key information sheet to acknowledge yet',
    };
  if (acknowledgedVersion === undefined)
    return {
      status: 400,
      code: 'KEY_INFORMATION_NOT_ACKNOWLEDGED',
      message: `Please read and acknowledge the plan's key information sheet (version ${plan.version}) before investing`,
    };
  if (acknowledgedVersion !== plan.version)
    return {
      status: 409,
      code: 'KEY_INFORMATION_CHANGED',
      message: `The key information sheet has changed (now version ${plan.version}); please read it again and acknowledge the new version`,
    };
  return null;
}
