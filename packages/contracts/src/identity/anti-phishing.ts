// The anti-phishing code (issue 26, docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md): a short phrase
// the investor chooses; every mail the platform sends them carries it on a line of its own above the greeting, so
// a mail without it is recognisably fake. The schemas; the limits and the mail's line are in anti-phishing-rules.ts.
import { z } from '../zod.ts';
import { requiredText, Timestamp } from '../common.ts';
import { ANTI_PHISHING_CODE_MAX, ANTI_PHISHING_CODE_MIN } from './anti-phishing-rules.ts';

/** Letters and digits of any script, spaces and a few marks: nothing a mail client could take for markup. */
const CODE_CHARACTERS = /^[\p{L}\p{N} ._!?-]+$/u;

export const AntiPhishingCodeText = z
  .string(requiredText('Anti-phishing code'))
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(ANTI_PHISHING_CODE_MIN, `Anti-phishing code must be at least ${ANTI_PHISHING_CODE_MIN} characters`)
      .max(ANTI_PHISHING_CODE_MAX, `Anti-phishing code must be at most ${ANTI_PHISHING_CODE_MAX} characters`)
      .regex(CODE_CHARACTERS, 'Use letters, digits, spaces and . _ - ! ? only'),
  );

/** Set or change the code (`code`), or remove it (null); the current password confirms it is the owner. */
export const AntiPhishingCodeUpdate = z
  .object({
    code: AntiPhishingCodeText.nullable(),
    currentPassword: z.string(requiredText('currentPassword')).min(1, 'currentPassword is required').max(128),
  })
  .strict()
  .openapi('AntiPhishingCodeUpdate');
export type AntiPhishingCodeUpdate = z.input<typeof AntiPhishingCodeUpdate>;

export const AntiPhishingCodeState = z
  .object({ code: z.string().nullable(), setAt: Timestamp.nullable() })
  .openapi('AntiPhishingCodeState');
export type AntiPhishingCodeState = z.infer<typeof AntiPhishingCodeState>;
