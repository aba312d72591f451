// A plan's key information sheet (/admin/plans/:id/key-information, decision 0092): the form with every section of
// ECSPR Annex I (the operator chosen from the recorded ones, location, crop and area, expected yield and price,
// offtake buyer, insurance, main risks, what happens if the crop fails, fees and the platform's own stake),
// starting from the current version. Publishing makes a new version (the earlier ones stay as they were) that
// investors acknowledge before they invest; a sheet may be published incomplete while it is written, and the page
// says which sections are still blank. Below, every published version with when and by whom, each readable as it
// was.
import { useState } from 'react';
import { Eye, FileText } from 'lucide-react';
import {
  KEY_INFORMATION_SECTIONS,
  missingKeyInformation,
  type KeyInformationInput,
  type KeyInformationSection,
  type KeyInformationVersion,
} from '@cropvest/contracts/plans/key-information';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { useListState } from '@cropvest/web-kit/list-state';
import { useRouteParams } from '@cropvest/web-kit/screens';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { columnHelper } from '@cropvest/ui/data-table';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { EmptyState } from '@cropvest/ui/empty-state';
import { formatDateTime } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { ListTable } from '@cropvest/ui/list/results';
import { SaveButton } from '../../shared/settings/fields.tsx';
import { PlanPageHeader } from '../../shared/plans/PlanPageHeader.tsx';
import { serverPageSize } from '../../shared/admin-list/page-size.ts';
import { useKeyInformationVersionsQuery, usePublishKeyInformationMutation } from '../../api/plans.ts';
import { OperatorPicker, type ChosenOperator } from './OperatorPicker.tsx';
import {
  SECTION_GROUPS,
  sectionList,
  sheetValues,
  typedSections,
  VERSIONS_PAGE_SIZE,
  type SheetFormInput,
} from './rules.ts';
import { SheetView } from './SheetView.tsx';

const resolver = lazyZodResolver<SheetFormInput, KeyInformationInput>(() =>
  import('./schemas.ts').then((m) => m.KeyInformationForm),
);
const preloadSchema = (): void => void import('./schemas.ts');

const sectionNames = (sections: readonly string[]): string =>
  sectionList(sections.map((name) => KEY_INFORMATION_SECTIONS[name as KeyInformationSection] ?? name));

export default function KeyInformationScreen() {
  const { id = '' } = useRouteParams<'id'>();
  // The newest version is the current one.
  const current = useKeyInformationVersionsQuery({ planId: id, page: 1, pageSize: 1 }, { skip: !id });
  return (
    <div className="space-y-6">
      <PlanPageHeader
        planId={id}
        title="Key information sheet"
        current={`/admin/plans/${id}/key-information`}
      >
        What investors read before they invest: who farms the plan, what the season should bring, the risks
        and the costs. Each publication is a new version that investors acknowledge.
      </PlanPageHeader>
      <QueryView query={current} what="the key information sheet" skeleton={<SkeletonRows rows={6} />}>
        {(data) => <SheetEditor key={data.items[0]?.version ?? 0} planId={id} current={data.items[0]} />}
      </QueryView>
      {id ? <VersionsCard planId={id} /> : null}
    </div>
  );
}

function SheetEditor({ planId, current }: { planId: string; current: KeyInformationVersion | undefined }) {
  const [publish, publishing] = usePublishKeyInformationMutation();
  const [operator, setOperator] = useState<ChosenOperator | null>(current?.operator ?? null);
  const [confirming, setConfirming] = useState<KeyInformationInput | null>(null);
  const form = useContractForm<SheetFormInput, KeyInformationInput>({
    resolver,
    defaultValues: sheetValues(current),
  });
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const blank = missingKeyInformation(typedSections(watch()));
  const next = (current?.version ?? 0) + 1;

  const confirm = async () => {
    if (!confirming) return;
    try {
      const sheet = await publish({ planId, body: confirming }).unwrap();
      toast({
        title: `Version ${sheet.version} published`,
        description: sheet.complete
          ? 'The sheet is complete. Investors acknowledge this version before they invest.'
          : `Still blank: ${sectionNames(sheet.missing)}. The plan takes no investments until the sheet is complete.`,
        variant: 'success',
      });
    } catch (error) {
      reportFormError(form, error, { fallback: 'Failed to publish the key information sheet' });
    }
    setConfirming(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>
          {current ? `Edit the sheet (version ${current.version})` : 'Write the sheet'}
        </CardTitle>
        <CardDescription>
          <CurrentStatus current={current} />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => setConfirming(values))}
          onFocusCapture={preloadSchema}
          className="space-y-6"
        >
          <input type="hidden" {...register('operatorId')} />
          <OperatorPicker
            chosen={operator}
            onChoose={(chosen) => {
              setOperator(chosen);
              setValue('operatorId', chosen.id, { shouldValidate: true, shouldDirty: true });
            }}
            error={errors.operatorId?.message}
          />
          {SECTION_GROUPS.map((group) => (
            <fieldset key={group.title} className="min-w-0 space-y-4">
              <legend className="mb-2 text-base font-semibold text-ink">{group.title}</legend>
              <div className="grid gap-4 md:grid-cols-2">
                {group.fields.map((field) =>
                  field.long ? (
                    <TextareaField
                      key={field.name}
                      label={field.label}
                      hint={field.hint}
                      maxLength={field.max}
                      className="min-h-24"
                      error={errors[field.name]?.message}
                      {...register(field.name)}
                    />
                  ) : (
                    <TextField
                      key={field.name}
                      label={field.label}
                      hint={field.hint}
                      maxLength={field.max}
                      {...(field.name === 'areaHectares' ? { inputMode: 'decimal' as const } : {})}
                      error={errors[field.name]?.message}
                      {...register(field.name)}
                    />
                  ),
                )}
              </div>
            </fieldset>
          ))}
          <div className="space-y-3 border-t border-border pt-4">
            <p
              role="status"
              className={blank.length === 0 ? 'text-sm text-brand-ink' : 'text-sm text-warning-ink'}
            >
              {blank.length === 0
                ? `Every section is written: version ${next} will be complete.`
                : `Still blank: ${sectionNames(blank)}. You can publish while you write, but the plan takes no investments until its sheet is complete.`}
            </p>
            <SaveButton saving={publishing.isLoading}>Publish version {next}</SaveButton>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={`Publish version ${next}?`}
        description={
          <span className="block space-y-2">
            <span className="block">
              {blank.length === 0
                ? 'The sheet is complete.'
                : `The sheet is incomplete (still blank: ${sectionNames(blank)}): the plan takes no investments until it is complete.`}
            </span>
            <span className="block">
              Investors acknowledge the newest version before they invest. A published version cannot be
              changed; the earlier versions stay readable as they were.
            </span>
          </span>
        }
        confirmLabel={`Publish version ${next}`}
        busy={publishing.isLoading}
        onConfirm={confirm}
      />
    </Card>
  );
}

/** The current version: when and by whom it was published and whether it is complete; or that there is none. */
function CurrentStatus({ current }: { current: KeyInformationVersion | undefined }) {
  if (!current)
    return (
      <span>
        No sheet is published yet. While a complete sheet is required (System Settings, Security), the plan
        takes no investments until one is.
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        Version {current.version}, published {formatDateTime(current.publishedAt)} by{' '}
        {current.publishedBy.name ?? 'an admin'}.
      </span>
      <CompletenessBadge sheet={current} />
    </span>
  );
}

function CompletenessBadge({ sheet }: { sheet: Pick<KeyInformationVersion, 'complete' | 'missing'> }) {
  return sheet.complete ? (
    <Badge tone="green">Complete</Badge>
  ) : (
    <Badge tone="yellow" title={`Still blank: ${sectionNames(sheet.missing)}`}>
      Incomplete
    </Badge>
  );
}

const col = columnHelper<KeyInformationVersion>();

/** Every published version, newest first (the page in the address), each opened read-only. */
function VersionsCard({ planId }: { planId: string }) {
  const list = useListState({ pageSize: VERSIONS_PAGE_SIZE });
  const pageSize = serverPageSize(list.pageSize);
  const versions = useKeyInformationVersionsQuery({ planId, page: list.page, pageSize });
  const [open, setOpen] = useState<KeyInformationVersion | null>(null);

  const columns = [
    col.accessor('version', {
      header: 'Version',
      enableSorting: false,
      cell: (info) => (
        <span className="flex items-center gap-2 whitespace-nowrap font-medium">
          {info.getValue()}
          {info.row.original.current ? <Badge tone="blue">Current</Badge> : null}
        </span>
      ),
    }),
    col.accessor('publishedAt', {
      header: 'Published',
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[9rem] text-sm">
          <p>{formatDateTime(info.getValue())}</p>
          <p className="text-ink-muted">by {info.row.original.publishedBy.name ?? 'an admin'}</p>
        </div>
      ),
    }),
    col.accessor('complete', {
      header: 'Complete',
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[8rem] space-y-1 text-sm">
          <CompletenessBadge sheet={info.row.original} />
          {info.row.original.complete ? null : (
            <p className="text-xs text-ink-muted">Blank: {sectionNames(info.row.original.missing)}</p>
          )}
        </div>
      ),
    }),
    col.display({
      id: 'action',
      header: 'Action',
      cell: (info) => (
        <Button variant="outline" size="sm" onClick={() => setOpen(info.row.original)}>
          <Eye aria-hidden="true" className="h-4 w-4" /> Open
          <span className="sr-only"> version {info.row.original.version}</span>
        </Button>
      ),
    }),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Published versions</CardTitle>
        <CardDescription>
          Each investment records the version its investor acknowledged; every version stays readable as it
          was.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ListTable
          query={versions}
          list={list}
          pageSize={pageSize}
          noun="versions"
          caption="Published versions of the key information sheet"
          columns={columns}
          rowId={(version) => String(version.version)}
          empty={
            <EmptyState
              icon={<FileText className="h-8 w-8" />}
              title="No versions yet"
              description="The first publication of the sheet is version 1."
            />
          }
        />
      </CardContent>
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent
            title={`Version ${open.version}${open.current ? ' (current)' : ''}`}
            description={`Published ${formatDateTime(open.publishedAt)} by ${open.publishedBy.name ?? 'an admin'}; ${open.complete ? 'complete' : `still blank: ${sectionNames(open.missing)}`}. Read-only.`}
            className="sm:max-w-2xl"
          >
            <SheetView sheet={open} />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
