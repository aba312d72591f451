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

/** The dialog records a new operator, edits one, or is closed. */
type Editing = Operator | 'new' | null;

const col = columnHelper<Operator>();

export default function OperatorsScreen() {
  const list = useListState({ pageSize: OPERATORS_PAGE_SIZE });
  const pageSize = serverPageSize(list.pageSize);
  const operators = useOperatorsQuery({ page: list.page, pageSize });
  const [editing, setEditing] = useState<Editing>(null);

  const editButton = (operator: Operator) => (
    <Button variant="outline" size="sm" onClick={() => setEditing(operator)}>
      <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
      <span className="sr-only"> {operator.name}</span>
    </Button>
  );

  const columns = [
    col.accessor('name', {
      header: 'Operator',
      enableSorting: false,
      cell: (info) => {
        const operator = info.row.original;
        return (
          <div className="min-w-[10rem] space-y-1">
            <p className="break-words font-medium text-ink">{operator.name}</p>
            <p className="text-xs text-ink-muted">Updated {formatDate(operator.updatedAt)}</p>
          </div>
        );
      },
    }),
    col.accessor('country', {
      header: 'Where',
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[8rem] text-sm">
          <p>{info.row.original.region}</p>
          <p className="text-ink-muted">{info.getValue()}</p>
        </div>
      ),
    }),
    col.accessor('contact', {
      header: 'Contact',
      enableSorting: false,
      cell: (info) => (
        <p className="min-w-[10rem] max-w-xs whitespace-pre-line break-words text-sm">{info.getValue()}</p>
      ),
    }),
    col.accessor('pastSeasons', {
      header: 'Past seasons',
      enableSorting: false,
      cell: (info) => <Seasons operator={info.row.original} />,
    }),
    col.display({
      id: 'action',
      header: 'Action',
      cell: (info) => editButton(info.row.original),
    }),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Operators</h1>
          <p className="mt-1 max-w-3xl text-ink-muted">
            The farms and cooperatives that receive a plan&apos;s principal. Each plan&apos;s key information
            sheet names its operator and shows investors the past seasons recorded here.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" /> New operator
        </Button>
      </div>

      <Card>
        <CardContent className="space-y-4 pt-6">
          <FoundStatus total={operators.data?.total} noun="operator" />
          <ListTable
            query={operators}
            list={list}
            pageSize={pageSize}
            noun="operators"
            caption="Operators"
            columns={columns}
            rowId={(operator) => operator.id}
            empty={
              <EmptyState
                icon={<Tractor className="h-8 w-8" />}
                title="No operators yet"
                description="Record the farm or cooperative a plan's principal goes to before writing the plan's key information sheet."
                action={
                  <Button onClick={() => setEditing('new')}>
                    <Plus aria-hidden="true" className="h-4 w-4" /> New operator
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
  return (
    <div className="min-w-[12rem] space-y-2">
      <SeasonList
        seasons={operator.pastSeasons}
        label={`Seasons ${operator.name} reported`}
        none="No past seasons recorded"
      />
      {operator.platformSeasons.length > 0 ? (
        <div className="space-y-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">On CropVest</p>
          <SeasonList
            seasons={operator.platformSeasons}
            label={`Seasons of ${operator.name} on CropVest`}
            none=""
          />
        </div>
      ) : null}
    </div>
  );
}
