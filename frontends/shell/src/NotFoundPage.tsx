import { useEffect } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { cn } from '@cropvest/ui/cn';
import { AuthFrame } from './auth/AuthFrame.tsx';
import { useShellMessages } from './messages/catalogue.ts';

/**
 * The spec's "404 Page Not Found" for a signed-in visitor, with the way back, in the frame of the signed-out
 * pages (the logo leading home): a bare heading on an empty page looked like a broken one.
 */
export function NotFoundPage() {
  const { text } = useShellMessages();
  useEffect(() => {
    document.title = text('shell.title.notFound');
  }, [text]);
  return (
    <AuthFrame title={text('shell.notFound.title')} subtitle={text('shell.notFound.subtitle')}>
      <Link to="/" className={cn(buttonClass('primary'), 'w-full')}>
        {text('shell.notFound.home')}
      </Link>
    </AuthFrame>
  );
}
