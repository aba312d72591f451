// The cells a list's columns share, so a user, an amount, a date or an address reads the same in every
// list: on a table row and on the card a row becomes at phone width.
import type { ReactNode } from 'react';
import { formatDateTime, formatUsdt, NOT_AVAILABLE } from '@cropvest/ui/format';

/** A person: the name, and the email under it. */
export const UserCell = ({ name, email }: { name: string; email: string | null | undefined }) => (
  <div className="min-w-[8.5rem]">
    <p className="font-medium text-ink">{name}</p>
    <p className="text-xs text-ink-muted">{email || NOT_AVAILABLE}</p>
  </div>
);

/** A USDT amount: on one line, figures aligned; what else belongs to it (a claimed amount) under it. */
export const AmountCell = ({ value, children }: { value: string; children?: ReactNode }) => (
  <div className="whitespace-nowrap">
    <p className="font-medium tabular-nums">{formatUsdt(value)}</p>
    {children}
  </div>
);

/** A date and time; it may wrap between date and time, so a row with many columns still fits its card. */
export const DateCell = ({ value }: { value: string }) => (
  <span className="block min-w-[6.5rem]">{formatDateTime(value)}</span>
);

/** A chain address: whole (an address is checked character by character), broken wherever it must. */
export const AddressCell = ({ address }: { address: string }) => (
  <span className="block min-w-[10rem] max-w-[22rem] break-all font-mono text-xs">{address}</span>
);

/**
 * A row's actions: stacked in a table's column, so a row with several fits a 1440 px screen; side by side on a
 * phone's card, where each stays in view.
 */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <div className="flex min-w-[8rem] flex-wrap gap-2 sm:flex-col sm:items-start">{children}</div>
);
