// The admin area's search (docs/decisions/0111): a "Search…" button in the top bar and Ctrl/⌘-K anywhere open the
// admin remote's command palette, loaded from the remote the first time (it is fetched ahead while the admin is
// idle). Only the admin layout renders this, and only an admin session reaches the admin layout.
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { AreaCommandPaletteProps, ScreenRoute } from '@cropvest/web-kit/screens';
import { CommandMenuButton, useShortcut } from '@cropvest/ui/command-menu';
import { loadExposed } from '../remote-registry.ts';
import { useShellMessages } from '../messages/catalogue.ts';

const PALETTE = 'admin/command-palette';
const loadPalette = () => loadExposed<{ default: ComponentType<AreaCommandPaletteProps> }>(PALETTE);
const AdminCommandPalette = lazy(loadPalette);

/** A palette that cannot be loaded leaves the page as it is; the next opening tries again. */
class PaletteBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The admin command palette could not be loaded', error);
    this.props.onFailure();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function AdminSearch({ routes }: { routes: readonly ScreenRoute[] }) {
  const [open, setOpen] = useState(false);
  const { text } = useShellMessages();
  // Mounted from the first opening on, so closing it keeps the loaded palette and Radix returns the focus.
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const show = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  useShortcut('k', show);
  useEffect(() => {
    const idle = window.setTimeout(() => void loadPalette().catch(() => undefined), 2000);
    return () => window.clearTimeout(idle);
  }, []);
  return (
    <>
      <CommandMenuButton onClick={show} shortcutKey="k" label={text('shell.admin.search')} />
      {wanted ? (
        <PaletteBoundary
          key={attempt}
          onFailure={() => {
            setOpen(false);
            setWanted(false);
            setAttempt((n) => n + 1);
          }}
        >
          <Suspense fallback={null}>
            <AdminCommandPalette open={open} onOpenChange={setOpen} routes={routes} />
          </Suspense>
        </PaletteBoundary>
      ) : null}
    </>
  );
}
