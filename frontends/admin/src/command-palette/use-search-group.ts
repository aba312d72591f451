// One group of the palette fed by a server search: started when the search text settles, aborted the moment it
// changes again (or the palette closes), so a slow answer to an old text never replaces a newer one.
import { useEffect, useState } from 'react';
import { toastMessage, useAppDispatch, type AppDispatch, type Paged } from '@cropvest/web-kit';

/** What dispatching an RTK Query endpoint's `initiate` returns, as far as a search needs it. */
export interface RunningSearch<T> {
  unwrap(): Promise<Paged<T>>;
  abort(): void;
  unsubscribe(): void;
}

export type SearchGroupState<T> =
  | { status: 'idle' }
  | { status: 'loading'; search: string }
  | { status: 'error'; search: string; message: string }
  | { status: 'done'; search: string; items: T[] };

/**
 * The state of one search: idle while the text is blank, loading from the moment a new text is sent, then its
 * first results or the server's message (`failure` when it gave none).
 */
export function useSearchGroup<T>(
  search: string,
  start: (dispatch: AppDispatch, q: string) => RunningSearch<T>,
  failure: string,
): SearchGroupState<T> {
  const dispatch = useAppDispatch();
  const [settled, setSettled] = useState<SearchGroupState<T>>({ status: 'idle' });
  useEffect(() => {
    if (!search) return;
    const running = start(dispatch, search);
    let current = true;
    running.unwrap().then(
      (page) => {
        if (current) setSettled({ status: 'done', search, items: page.items });
      },
      (error: unknown) => {
        if (current) setSettled({ status: 'error', search, message: toastMessage(error, failure) });
      },
    );
    return () => {
      current = false;
      running.abort();
      running.unsubscribe();
    };
  }, [dispatch, search, start, failure]);
  if (!search) return { status: 'idle' };
  // An answer to an earlier text is never shown for this one: until this text's answer arrives it is loading.
  return settled.status !== 'idle' && settled.search === search ? settled : { status: 'loading', search };
}
