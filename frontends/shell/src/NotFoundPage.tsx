import { useEffect } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { NotFound } from '@cropvest/ui/not-found';
import { buttonClass } from '@cropvest/ui/button-class';

/** The spec's "404 Page Not Found" for a signed-in visitor, with the way back. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = '404 Page Not Found — CropVest';
  }, []);
  return (
    <NotFound
      action={
        <Link to="/" className={buttonClass('primary')}>
          Go to your dashboard
        </Link>
      }
    />
  );
}
