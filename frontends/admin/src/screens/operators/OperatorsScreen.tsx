// Operators (/admin/operators, decision 0092): the farms and cooperatives plans' principal goes to, one server page
// at a time by name (the page in the address), each with where it is, whom to contact, the past seasons it reported
// with their realised return and the seasons it ran on CropVest (computed from its harvested plans). "New operator"
// records one; "Edit" changes one (its reported seasons replaced as a whole).
// On a phone each row's place, contact and action sit under its name, where the sideways-scrolling table starts.
import { useState } from 'react';
import { Pencil, Plus, Tractor } from 'lucide-react';
import type { Operator } from '@cropvest/contracts/plans/key-information';
import { useListState } from '@cropvest/web-kit/list-state';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent } from '@cropvest/ui/card';
import { columnHelper } from '@cropvest/ui/data-table';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDate } from '@cropvest/ui/format';
import { ListTable } from '@cropvest/ui/list/results';
import { FoundStatus } from '@cropvest/ui/list/toolbar';
import { serverPageSize } from '../../shared/admin-list/page-size.ts';
import { useOperatorsQuery } from '../../api/plans.ts';
import { OperatorDialog } from './OperatorDialog.tsx';
import { OPERATORS_PAGE_SIZE } from '../../shared/operators/rules.ts';
import { SeasonList } from '../../shared/operators/SeasonList.tsx';
import { useOperatorsMessages } from './messages/catalogue.ts';

/** The dialog records a new operator, edits one, or is closed. */
type Editing = Operator | 'new' | null;

const col = columnHelper<Operator>();

export default function OperatorsScreen() {
  const { text, rich } = useOperatorsMessages();
  const list = useListState({ pageSize: OPERATORS_PAGE_SIZE });
  const pageSize = serverPageSize(list.pageSize);
  const operators = useOperatorsQuery({ page: list.page, pageSize });
  const [editing, setEditing] = useState<Editing>(null);

  const editButton = (operator: Operator) => (
    <Button variant="outline" size="sm" onClick={() => setEditing(operator)}>
      <Pencil aria-hidden="true" className="h-4 w-4" />
      {rich('operators.edit', {
        name: operator.name,
        who: (chunks) => <span className="sr-only">{chunks}</span>,
      })}
    </Button>
  );

  const columns = [
    col.accessor('name', {
      header: text('operators.column.operator'),
      enableSorting: false,
      cell: (info) => {
        const operator = info.row.original;
        return (
          <div className="min-w-[10rem] space-y-1">
            <p className="break-words font-medium text-ink">{operator.name}</p>
            <p className="text-xs text-ink-muted">
              {text('operators.row.updated', { date: formatDate(operator.updatedAt) })}
            </p>
          </div>
        );
      },
    }),
    col.accessor('country', {
      header: text('operators.column.where'),
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[8rem] text-sm">
          <p>{info.row.original.region}</p>
          <p className="text-ink-muted">{info.getValue()}</p>
        </div>
      ),
    }),
    col.accessor('contact', {
      header: text('operators.column.contact'),
      enableSorting: false,
      cell: (info) => (
        <p className="min-w-[10rem] max-w-xs whitespace-pre-line break-words text-sm">{info.getValue()}</p>
      ),
    }),
    col.accessor('pastSeasons', {
      header: text('operators.column.pastSeasons'),
      enableSorting: false,
      cell: (info) => <Seasons operator={info.row.original} />,
    }),
    col.display({
      id: 'action',
      header: text('operators.column.action'),
      cell: (info) => editButton(info.row.original),
    }),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{text('operators.title')}</h1>
          <p className="mt-1 max-w-3xl text-ink-muted">{text('operators.subtitle')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {text('operators.new')}
        </Button>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <FoundStatus
            total={operators.data?.total}
            noun={text('operators.noun.one')}
            nouns={text('operators.noun.other')}
          />
          <ListTable
            query={operators}
            list={list}
            pageSize={pageSize}
            noun={text('operators.noun.other')}
            caption={text('operators.table.caption')}
            columns={columns}
            rowId={(operator) => operator.id}
            empty={
              <EmptyState
                icon={<Tractor className="h-8 w-8" />}
                title={text('operators.empty.title')}
                description={text('operators.empty.description')}
                action={
                  <Button onClick={() => setEditing('new')}>
                    <Plus aria-hidden="true" className="h-4 w-4" /> {text('operators.new')}
                  </Button>
                }
              />
            }
          />
        </CardContent>
      </Card>

      {editing ? (
        <OperatorDialog operator={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

/** The seasons the operator reported, then those it ran on CropVest (computed from its harvested plans). */
function Seasons({ operator }: { operator: Operator }) {
  const { text } = useOperatorsMessages();
  return (
    <div className="min-w-[12rem] space-y-2">
      <SeasonList
        seasons={operator.pastSeasons}
        label={text('operators.row.reported', { name: operator.name })}
        none={text('operators.row.noSeasons')}
      />
      {operator.platformSeasons.length > 0 ? (
        <div className="space-y-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {text('operators.row.onCropVest')}
          </p>
          <SeasonList
            seasons={operator.platformSeasons}
            label={text('operators.row.platform', { name: operator.name })}
            none=""
          />
        </div>
      ) : null}
    </div>
  );
}
