// What signing in and registering share once the form is valid (spec section 5): the call, then the session,
// the success toast and the way to /; or a toast with the server's message, or the page's own fallback text.
import { useCallback } from 'react';
import type { AuthResponse } from '@cropvest/contracts/identity/auth';
import { CHANGE_PASSWORD_PAGE } from '@cropvest/web-kit/navigation';
import { useNavigate } from '@cropvest/web-kit/router';
import { startSession, toastMessage, useAppDispatch } from '@cropvest/web-kit';
import { toast } from '@cropvest/ui/toast';
import { useAuthMessages } from './messages/catalogue.ts';

export function useStartSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { text } = useAuthMessages();
  return useCallback(
    /** `call` answers null when the sign-in is not done yet (a second step follows): nothing happens then. */
    async (
      call: () => Promise<AuthResponse | null>,
      texts: { success: string; failure: string; registered?: boolean },
    ) => {
      try {
        const session = await call();
        if (!session) return;
        startSession(dispatch, session, texts.registered);
        toast({ title: texts.success, variant: 'success' });
        // Periodic password reset: changing it comes before anything else.
        navigate(session.passwordChangeRequired ? CHANGE_PASSWORD_PAGE : '/', { replace: true });
      } catch (error) {
        toast({
          title: text('shell.auth.errorTitle'),
          description: toastMessage(error, texts.failure),
          variant: 'destructive',
        });
      }
    },
    [dispatch, navigate, text],
  );
}
