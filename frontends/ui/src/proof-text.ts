// The proof of liabilities in words (decision 0082): reading a proof file a person pasted or dropped, verifying it in
// the browser against the published root with the one verifier there is (@cropvest/contracts/proof), and the
// verdict and coverage as people read them. Loaded when someone verifies, so the pages stay light until then.
import { LiabilityProof, verifyLiabilityProof, type PublishedRoot } from '@cropvest/contracts/chain/proof';
import { formatDateTime, formatUsdtPrecise } from './format.ts';

export type ProofVerdict =
  { ok: true; title: string; detail: string } | { ok: false; title: string; detail: string };

const refused = (detail: string): ProofVerdict => ({ ok: false, title: 'Not verified', detail });

/** Reads `text` as a proof file and verifies it against the published root; every outcome is said in words. */
export async function verifyProofText(text: string, published: PublishedRoot | null): Promise<ProofVerdict> {
  if (!text.trim()) return refused('Paste the contents of your proof file, or drop the file, first.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused('This is not a proof file: it is not valid JSON.');
  }
  if (!published) return refused('No proof has been published yet to check this one against.');
  const parsed = LiabilityProof.safeParse(json);
  if (!parsed.success)
    return refused(
      `This is not a proof file of this platform: ${parsed.error.issues[0]?.message ?? 'it is malformed'}.`,
    );
  const verification = await verifyLiabilityProof(parsed.data, published);
  if (!verification.ok) return refused(`${verification.reason}.`);
  const proof = parsed.data;
  return {
    ok: true,
    title: 'Verified',
    detail:
      `${formatUsdtPrecise(proof.amount)} owed to account ${proof.userId} is counted in the published total of ` +
      `${formatUsdtPrecise(proof.total)} (root ${proof.rootHash.slice(0, 12)}…, built ${formatDateTime(proof.builtAt)}).`,
  };
}
