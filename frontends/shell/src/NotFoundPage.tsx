import { useEffect } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { buttonClass } from '@cropvest/ui/button-class';
import { cn } from '@cropvest/ui/cn';
import { AuthFrame } from './auth/AuthFrame.tsx';

/**
 * The spec's "404 Page Not Found" for a signed-in visitor, with the way back, in the frame of the signed-out
 * pages (the logo leading home): a bare heading on an empty page looked like a broken one.
 */
export function NotFoundPage() {
  useEffect(() => {
    document.title = '404 Page Not Found — CropVest';
  }, []);
  return (
    <AuthFrame
      title="404 Page Not Found"
      subtitle="The page you asked for does not exist or you do not have access to it."
    >
      <Link to="/" className={cn(buttonClass('primary'), 'w-full')}>
        Go to your dashboard
      </Link>
    </AuthFrame>
  );
}
