// The send dialog's user picker: a search box over the server's paged list of users (name or email), a page
// of matches with a checkbox each (the list kit's cards, pager and states), and the chosen users as removable
// chips. Only the chosen ids leave this component; names are kept for the chips.
import { useId } from 'react';
import { X } from 'lucide-react';
import type { NotificationRecipient } from '@cropvest/contracts/notify/model';
import { Checkbox } from '@cropvest/ui/checkbox';
import { Input, Label } from '@cropvest/ui/input';
import { pagesOnly, type ListControls } from '@cropvest/ui/list/controls';
import { ListCards } from '@cropvest/ui/list/results';
import { usePagedSearch } from '@cropvest/web-kit/paged-search';
import { useNotificationRecipientsQuery } from '../../api/notifications.ts';
import { useNotificationsMessages } from './messages/catalogue.ts';

const PICKER_PAGE_SIZE = 8;

export interface RecipientPickerProps {
  chosen: NotificationRecipient[];
  onChange: (chosen: NotificationRecipient[]) => void;
  describedBy?: string | undefined;
}

export function RecipientPicker({ chosen, onChange, describedBy }: RecipientPickerProps) {
  const { text } = useNotificationsMessages();
  const searchId = useId();
  const { text: typed, setText: setTyped, search, page, setPage } = usePagedSearch();
  const users = useNotificationRecipientsQuery({
    page,
    pageSize: PICKER_PAGE_SIZE,
    ...(search ? { q: search } : {}),
  });
  // Through the list kit: a search narrows the list, so an empty answer is "no results" for it.
  const list: ListControls = { ...pagesOnly(page, setPage), search, filtered: search !== '' };
  const none = <p className="py-2 text-sm text-ink-muted">{text('notifications.picker.none')}</p>;
  const chosenIds = new Set(chosen.map((user) => user.id));
  const toggle = (user: NotificationRecipient, on: boolean) =>
    onChange(on ? [...chosen, user] : chosen.filter((other) => other.id !== user.id));

  return (
    <div className="space-y-3 rounded-lg border border-border p-3">
      <div className="space-y-1.5">
        <Label htmlFor={searchId}>{text('notifications.picker.find')}</Label>
        <Input
          id={searchId}
          type="search"
          value={typed}
          maxLength={200}
          placeholder={text('notifications.picker.placeholder')}
          aria-describedby={describedBy}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {chosen.length > 0 ? (
        <ul aria-label={text('notifications.picker.chosen')} className="flex flex-wrap gap-2">
          {chosen.map((user) => (
            <li
              key={user.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-muted py-0.5 ps-2.5 pe-1 text-xs text-brand-ink"
            >
              <span className="truncate">{user.name}</span>
              <button
                type="button"
                onClick={() => toggle(user, false)}
                className="rounded-full p-0.5 hover:bg-brand-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
              >
                <X aria-hidden="true" className="h-3 w-3" />
                <span className="sr-only">{text('notifications.picker.remove', { name: user.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ListCards
        query={users}
        list={list}
        pageSize={PICKER_PAGE_SIZE}
        noun={text('notifications.picker.users')}
        what={text('notifications.picker.loading')}
        label={{ list: text('notifications.picker.users'), pager: text('notifications.picker.pager') }}
        skeletonHeight="h-8"
        className="max-h-56 space-y-1 overflow-y-auto"
        empty={none}
        noResults={none}
      >
        {(user) => {
          const boxId = `${searchId}-${user.id}`;
          return (
            <li key={user.id} className="flex items-center gap-3 rounded px-1 py-1 hover:bg-surface-muted">
              <Checkbox
                id={boxId}
                checked={chosenIds.has(user.id)}
                onCheckedChange={(on) => toggle(user, on === true)}
              />
              <label htmlFor={boxId} className="min-w-0 flex-1 cursor-pointer text-sm">
                <span className="block truncate font-medium text-ink">{user.name}</span>
                <span className="block truncate text-xs text-ink-muted">{user.email}</span>
              </label>
            </li>
          );
        }}
      </ListCards>
    </div>
  );
}
