// A command menu (cmdk) in a Radix dialog: a search box over groups of commands, moved through with the arrow
// keys and run with Enter. The caller owns the search and filters every group itself (cmdk's own fuzzy filter
// is off), because server results are already matched and must not be re-ranked or hidden. On a phone the
// dialog is a full-width sheet from the top; from the small breakpoint on, a centred panel.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { Search, X } from 'lucide-react';
import { cn } from '@cropvest/ui/cn';
import { Spinner } from '@cropvest/ui/spinner';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

export interface CommandMenuItem {
  /** Unique within the menu (cmdk selects by it). */
  id: string;
  label: string;
  /** A second line: what distinguishes this item (an email, an amount and status). */
  detail?: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
}

export interface CommandMenuGroup {
  heading: string;
  items: CommandMenuItem[];
  /** A group fed by a request: while it runs the group says so; a failure shows its message. */
  state?: 'loading' | { error: string };
}

export interface CommandMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name (also read as the search box's label). */
  title: string;
  placeholder: string;
  search: string;
  onSearchChange: (search: string) => void;
  groups: CommandMenuGroup[];
  /** Shown when no group has an item and none is still loading. */
  empty: string;
}

export function CommandMenu({
  open,
  onOpenChange,
  title,
  placeholder,
  search,
  onSearchChange,
  groups,
  empty,
}: CommandMenuProps) {
  const { text } = useUiMessages();
  const shown = groups.filter((group) => group.items.length > 0 || group.state !== undefined);
  const loading = groups.some((group) => group.state === 'loading');
  // The highlighted command stays where the person moved it while it is listed; when results arrive or change
  // and it is gone, the first command is highlighted, so Enter always runs what is shown first.
  const [highlighted, setHighlighted] = useState('');
  // Radix returns the focus only to a Dialog.Trigger; this menu opens from a button or a shortcut anywhere, so it
  // remembers what had the focus as it opens and gives it back as it closes.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const ids = shown.flatMap((group) => group.items.map((item) => item.id));
  const value = ids.includes(highlighted) ? highlighted : (ids[0] ?? '');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-scrim/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed inset-x-0 top-0 z-50 flex max-h-[100dvh] flex-col overflow-hidden bg-surface-raised shadow-xl focus:outline-none',
            'sm:inset-x-auto sm:left-1/2 sm:top-[12vh] sm:max-h-[70vh] sm:w-[calc(100%-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-xl',
          )}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <Command
            label={title}
            shouldFilter={false}
            value={value}
            onValueChange={setHighlighted}
            loop
            vimBindings={false}
            className="flex min-h-0 flex-col"
          >
            <div className="flex items-center gap-2 border-b border-border px-4">
              <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-muted" />
              <Command.Input
                value={search}
                onValueChange={onSearchChange}
                placeholder={placeholder}
                aria-label={title}
                className="h-14 min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-ink-subtle focus:outline-none"
              />
              {loading ? <Spinner size="sm" label={text('ui.command.searching')} /> : null}
              <DialogPrimitive.Close className="rounded-md p-2 text-ink-muted hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus">
                <X aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">{text('ui.dialog.close')}</span>
              </DialogPrimitive.Close>
            </div>
            <Command.List
              label={text('ui.command.results', { title })}
              className="min-h-0 overflow-y-auto overscroll-contain p-2"
            >
              {shown.length === 0 && !loading ? (
                <p role="status" className="px-3 py-8 text-center text-sm text-ink-muted">
                  {empty}
                </p>
              ) : null}
              {shown.map((group) => (
                <Command.Group
                  key={group.heading}
                  heading={group.heading}
                  className="py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-ink-muted"
                >
                  {group.items.map((item) => (
                    <Command.Item
                      key={item.id}
                      value={item.id}
                      onSelect={item.onSelect}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-ink data-[selected=true]:bg-brand-muted data-[selected=true]:text-brand-ink"
                    >
                      {item.icon ? (
                        <span aria-hidden="true" className="shrink-0 text-ink-muted">
                          {item.icon}
                        </span>
                      ) : null}
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{item.label}</span>
                        {item.detail ? (
                          <span className="block truncate text-xs text-ink-muted">{item.detail}</span>
                        ) : null}
                      </span>
                    </Command.Item>
                  ))}
                  <GroupStatus group={group} />
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A group's request still running, or failed: said inside the group, not as a selectable command. */
function GroupStatus({ group }: { group: CommandMenuGroup }) {
  const { text } = useUiMessages();
  const error = typeof group.state === 'object' ? group.state.error : undefined;
  if (error)
    return (
      <p role="alert" className="px-3 py-2 text-sm text-danger-ink">
        {error}
      </p>
    );
  if (group.state === 'loading' && group.items.length === 0)
    return <p className="px-3 py-2 text-sm text-ink-muted">{text('ui.command.searching')}</p>;
  return null;
}

/** "⌘ K" on Apple devices, "Ctrl K" elsewhere: how the shortcut is written where the person is. */
export function shortcutLabel(key: string): string {
  const apple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
  return `${apple ? '⌘' : 'Ctrl'} ${key.toUpperCase()}`;
}

/** Ctrl+<key> or ⌘+<key> anywhere on the page calls `onPress` (the browser's own use of it is prevented). */
export function useShortcut(key: string, onPress: () => void): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === key) {
        event.preventDefault();
        onPress();
      }
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [key, onPress]);
}

/** The button that opens a command menu: "Search…" with the shortcut, so it is found without knowing it. */
export function CommandMenuButton({
  onClick,
  shortcutKey,
  label,
}: {
  onClick: () => void;
  shortcutKey: string;
  label: string;
}) {
  // Read after mounting: the server-rendered and first client render agree, then the platform's form shows.
  const [shortcut, setShortcut] = useState(`Ctrl ${shortcutKey.toUpperCase()}`);
  useEffect(() => setShortcut(shortcutLabel(shortcutKey)), [shortcutKey]);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts={`Control+${shortcutKey.toUpperCase()} Meta+${shortcutKey.toUpperCase()}`}
      className="inline-flex h-9 min-w-0 items-center gap-2 rounded-md border border-border-strong bg-surface px-3 text-sm text-ink-muted hover:bg-surface-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      <Search aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="sr-only truncate sm:not-sr-only">{label}</span>
      <kbd
        aria-hidden="true"
        className="ms-2 hidden rounded border border-border-strong px-1.5 font-sans text-xs text-ink-muted sm:inline"
      >
        {shortcut}
      </kbd>
    </button>
  );
}
