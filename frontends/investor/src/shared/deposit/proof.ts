// Opening a deposit's proof in a new tab, from the deposit history and from a deposit's own page: the link is
// short-lived, so it is asked for on each click.
import { useState } from 'react';
import { toastFailure } from '@cropvest/web-kit/form';
import { useLazyDepositProofQuery } from '../../api/wallet.ts';
import { useSharedDepositMessages } from './messages/catalogue.ts';

/** `view(id)` opens the proof of deposit `id`; `opening` is the id whose link is on its way, if any. */
export function useProofViewer(): { view: (depositId: string) => Promise<void>; opening: string | null } {
  const { text } = useSharedDepositMessages();
  const [fetchProof] = useLazyDepositProofQuery();
  const [opening, setOpening] = useState<string | null>(null);
  const view = async (depositId: string) => {
    // The tab opens now, while the click still counts as the user's, and gets the link once it arrives.
    const tab = window.open('', '_blank');
    setOpening(depositId);
    try {
      const link = await fetchProof(depositId, false).unwrap();
      if (tab) {
        tab.opener = null;
        tab.location.href = link.url;
      } else window.open(link.url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      tab?.close();
      toastFailure(error, { fallback: text('deposit.proof.openFailed') });
    } finally {
      setOpening(null);
    }
  };
  return { view, opening };
}
