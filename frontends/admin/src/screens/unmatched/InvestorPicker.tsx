// The assignment's investor: a search over the admin user list (investors only, name or email, paged on the server)
// and one page of matches as radio buttons, so the arrow keys move through them and a screen reader hears which is
// chosen. Only the chosen investor leaves this component.
import { useId } from 'react';
import type { AdminUser } from '@cropvest/contracts/identity/admin-users';
import { Input, Label } from '@cropvest/ui/input';
import { PagedChoice } from '@cropvest/ui/paged-choice';
import { usePagedSearch } from '@cropvest/web-kit/paged-search';
import { useUserListQuery } from '../../api/identity.ts';
import { useUnmatchedMessages } from './messages/catalogue.ts';

const PICKER_PAGE_SIZE = 6;

export type Investor = Pick<AdminUser, 'id' | 'name' | 'email'>;

export interface InvestorPickerProps {
  chosen: Investor | null;
  onChoose: (investor: Investor) => void;
  /** The form's message when none is chosen. */
  error?: string | undefined;
}

export function InvestorPicker({ chosen, onChoose, error }: InvestorPickerProps) {
  const { text: say, rich } = useUnmatchedMessages();
  const id = useId();
  const { text, setText, search, page, setPage } = usePagedSearch();
  const investors = useUserListQuery({
    role: 'investor',
    page,
    pageSize: PICKER_PAGE_SIZE,
    ...(search ? { q: search } : {}),
  });

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-search`}>{say('unmatched.picker.search')}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          maxLength={200}
          placeholder={say('unmatched.picker.placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <PagedChoice
        legend={say('unmatched.picker.legend')}
        query={investors}
        what={say('unmatched.picker.what')}
        empty={<p className="py-2 text-sm text-ink-muted">{say('unmatched.picker.empty')}</p>}
        page={page}
        pageSize={PICKER_PAGE_SIZE}
        onPageChange={setPage}
        pagerLabel={say('unmatched.picker.pages')}
        chosenId={chosen?.id ?? null}
        onChoose={onChoose}
        label={(investor) => (
          <>
            <span className="block truncate font-medium text-ink">{investor.name}</span>
            <span className="block truncate text-xs text-ink-muted">{investor.email}</span>
          </>
        )}
        chosen={
          chosen
            ? rich('unmatched.picker.chosen', {
                name: chosen.name,
                email: chosen.email,
                strong: (chunks) => <span className="font-medium">{chunks}</span>,
              })
            : null
        }
        error={error}
      />
    </div>
  );
}
