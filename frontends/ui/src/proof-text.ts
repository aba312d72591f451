// The proof of liabilities in words (decision 0082): reading a proof file a person pasted or dropped, verifying it in
// the browser against the published root with the one verifier there is (@cropvest/contracts/proof), and the
// verdict and coverage as people read them. Loaded when someone verifies, so the pages stay light until then; the
// proof's schema and verifier (and with them zod) load with the first verification, not with this module.
import type { PublishedRoot } from '@cropvest/contracts/chain/proof';
import { formatDateTime, formatUsdtPrecise } from '@cropvest/ui/format';
import { englishUiText, type UiText } from '@cropvest/ui/messages/catalogue';

export type ProofVerdict =
  { ok: true; title: string; detail: string } | { ok: false; title: string; detail: string };

/**
 * Reads `text` as a proof file and verifies it against the published root; every outcome is said in words, in the
 * language of `say` (the design system's messages; English unless given).
 */
export async function verifyProofText(
  text: string,
  published: PublishedRoot | null,
  say: UiText = englishUiText,
): Promise<ProofVerdict> {
  const refused = (detail: string): ProofVerdict => ({
    ok: false,
    title: say('ui.proof.notVerified'),
    detail,
  });
  if (!text.trim()) return refused(say('ui.proof.empty'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused(say('ui.proof.notJson'));
  }
  if (!published) return refused(say('ui.proof.nothingPublished'));
  const { LiabilityProof, verifyLiabilityProof } = await import('@cropvest/contracts/chain/proof');
  const parsed = LiabilityProof.safeParse(json);
  if (!parsed.success)
    return refused(
      say('ui.proof.notOurs', { reason: parsed.error.issues[0]?.message ?? say('ui.proof.malformed') }),
    );
  const verification = await verifyLiabilityProof(parsed.data, published);
  // The verifier's reason is the contracts' English, like a server's refusal (the kit maps those).
  if (!verification.ok) return refused(say('ui.proof.refused', { reason: verification.reason }));
  const proof = parsed.data;
  return {
    ok: true,
    title: say('ui.proof.verified'),
    detail: say('ui.proof.counted', {
      amount: formatUsdtPrecise(proof.amount),
      account: proof.userId,
      total: formatUsdtPrecise(proof.total),
      root: proof.rootHash.slice(0, 12),
      built: formatDateTime(proof.builtAt),
    }),
  };
}
