// The send dialog's user picker: a search box over the server's paged list of users (name or email), a page
// of matches with a checkbox each, Previous / Next, and the chosen users as removable chips. Only the chosen
// ids leave this component; names are kept for the chips.
import { useId } from 'react';
import { X } from 'lucide-react';
import type { NotificationRecipient } from '@cropvest/contracts/notify/model';
import { Checkbox } from '@cropvest/ui/checkbox';
import { Input, Label } from '@cropvest/ui/input';
import { Pagination } from '@cropvest/ui/pagination';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
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
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-muted py-0.5 pl-2.5 pr-1 text-xs text-brand-ink"
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
      <QueryView
        query={users}
        what={text('notifications.picker.loading')}
        skeleton={<SkeletonRows rows={3} className="h-8" />}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="py-2 text-sm text-ink-muted">{text('notifications.picker.none')}</p>}
      >
        {(data) => (
          <div className="space-y-2">
            <ul
              aria-label={text('notifications.picker.users')}
              className="max-h-56 space-y-1 overflow-y-auto"
            >
              {data.items.map((user) => {
                const boxId = `${searchId}-${user.id}`;
                return (
                  <li
                    key={user.id}
                    className="flex items-center gap-3 rounded px-1 py-1 hover:bg-surface-muted"
                  >
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
              })}
            </ul>
            <Pagination page={page} pageSize={PICKER_PAGE_SIZE} total={data.total} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </div>
  );
}
