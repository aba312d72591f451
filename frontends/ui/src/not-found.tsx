import type { ReactNode } from 'react';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** The page for an unknown path (spec section 2): it reads "404 Page Not Found". */
export function NotFound({ action, standalone = true }: { action?: ReactNode; standalone?: boolean }) {
  const { text } = useUiMessages();
  const Container = standalone ? 'main' : 'div';
  return (
    <Container
      {...(standalone ? { id: 'main' } : {})}
      className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center"
    >
      <h1 className="text-3xl font-bold text-ink">{text('ui.notFound.title')}</h1>
      <p className="mt-2 text-ink-muted">{text('ui.notFound.description')}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </Container>
  );
}
