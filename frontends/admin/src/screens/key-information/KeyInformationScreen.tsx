// A plan's key information sheet (/admin/plans/:id/key-information, decision 0092): the form with every section of
// ECSPR Annex I (the operator chosen from the recorded ones, location, crop and area, expected yield and price,
// offtake buyer, insurance, main risks, what happens if the crop fails, fees and the platform's own stake),
// starting from the current version. Publishing makes a new version (the earlier ones stay as they were) that
// investors acknowledge before they invest; a sheet may be published incomplete while it is written, and the page
// says which sections are still blank. Below, every published version with when and by whom, each readable as it
// was.
import { useState } from 'react';
import { Eye, FileText } from 'lucide-react';
import type {
  KeyInformationInput,
  KeyInformationSection,
  KeyInformationVersion,
} from '@cropvest/contracts/plans/key-information';
import { missingKeyInformation } from '@cropvest/contracts/plans/key-information-rules';
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
import { useKeyInformationMessages } from './messages/catalogue.ts';
import {
  SECTION_GROUPS,
  SECTION_WORDS,
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

type Text = ReturnType<typeof useKeyInformationMessages>['text'];

/** The blank sections named in a sentence: "location, fees and the platform's own stake". */
const sectionNames = (sections: readonly string[], text: Text): string =>
  sectionList(
    sections.map((name) => text(SECTION_WORDS[name as KeyInformationSection].name)),
    text('keyInformation.and'),
  );

export default function KeyInformationScreen() {
  const { id = '' } = useRouteParams<'id'>();
  // The newest version is the current one.
  const current = useKeyInformationVersionsQuery({ planId: id, page: 1, pageSize: 1 }, { skip: !id });
  const { text } = useKeyInformationMessages();
  return (
    <div className="space-y-6">
      <PlanPageHeader
        planId={id}
        title={text('keyInformation.title')}
        current={`/admin/plans/${id}/key-information`}
      >
        {text('keyInformation.intro')}
      </PlanPageHeader>
      <QueryView query={current} what={text('keyInformation.what')} skeleton={<SkeletonRows rows={6} />}>
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
  const { text } = useKeyInformationMessages();

  const confirm = async () => {
    if (!confirming) return;
    try {
      const sheet = await publish({ planId, body: confirming }).unwrap();
      toast({
        title: text('keyInformation.published', { version: sheet.version }),
        description: sheet.complete
          ? text('keyInformation.publishedComplete')
          : text('keyInformation.publishedIncomplete', { sections: sectionNames(sheet.missing, text) }),
        variant: 'success',
      });
    } catch (error) {
      reportFormError(form, error, { fallback: text('keyInformation.publishFailed') });
    }
    setConfirming(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>
          {current
            ? text('keyInformation.editor.edit', { version: current.version })
            : text('keyInformation.editor.write')}
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
              <legend className="mb-2 text-base font-semibold text-ink">{text(group.title)}</legend>
              <div className="grid gap-4 md:grid-cols-2">
                {group.fields.map((field) =>
                  field.long ? (
                    <TextareaField
                      key={field.name}
                      label={text(SECTION_WORDS[field.name].label)}
                      hint={text(SECTION_WORDS[field.name].hint)}
                      maxLength={field.max}
                      className="min-h-24"
                      error={errors[field.name]?.message}
                      {...register(field.name)}
                    />
                  ) : (
                    <TextField
                      key={field.name}
                      label={text(SECTION_WORDS[field.name].label)}
                      hint={text(SECTION_WORDS[field.name].hint)}
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
                ? text('keyInformation.editor.complete', { next })
                : text('keyInformation.editor.blank', { sections: sectionNames(blank, text) })}
            </p>
            <SaveButton saving={publishing.isLoading}>
              {text('keyInformation.editor.publish', { next })}
            </SaveButton>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={text('keyInformation.confirm.title', { next })}
        description={
          <span className="block space-y-2">
            <span className="block">
              {blank.length === 0
                ? text('keyInformation.confirm.complete')
                : text('keyInformation.confirm.incomplete', { sections: sectionNames(blank, text) })}
            </span>
            <span className="block">{text('keyInformation.confirm.versions')}</span>
          </span>
        }
        confirmLabel={text('keyInformation.editor.publish', { next })}
        busy={publishing.isLoading}
        onConfirm={confirm}
      />
    </Card>
  );
}

/** The current version: when and by whom it was published and whether it is complete; or that there is none. */
function CurrentStatus({ current }: { current: KeyInformationVersion | undefined }) {
  const { text } = useKeyInformationMessages();
  if (!current) return <span>{text('keyInformation.status.none')}</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        {text('keyInformation.status.current', {
          version: current.version,
          date: formatDateTime(current.publishedAt),
          name: current.publishedBy.name ?? text('keyInformation.anAdmin'),
        })}
      </span>
      <CompletenessBadge sheet={current} />
    </span>
  );
}

function CompletenessBadge({ sheet }: { sheet: Pick<KeyInformationVersion, 'complete' | 'missing'> }) {
  const { text } = useKeyInformationMessages();
  return sheet.complete ? (
    <Badge tone="green">{text('keyInformation.badge.complete')}</Badge>
  ) : (
    <Badge
      tone="yellow"
      title={text('keyInformation.badge.stillBlank', { sections: sectionNames(sheet.missing, text) })}
    >
      {text('keyInformation.badge.incomplete')}
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
  const { text } = useKeyInformationMessages();

  const columns = [
    col.accessor('version', {
      header: text('keyInformation.versions.column.version'),
      enableSorting: false,
      cell: (info) => (
        <span className="flex items-center gap-2 whitespace-nowrap font-medium">
          {info.getValue()}
          {info.row.original.current ? (
            <Badge tone="blue">{text('keyInformation.versions.current')}</Badge>
          ) : null}
        </span>
      ),
    }),
    col.accessor('publishedAt', {
      header: text('keyInformation.versions.column.published'),
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[9rem] text-sm">
          <p>{formatDateTime(info.getValue())}</p>
          <p className="text-ink-muted">
            {text('keyInformation.versions.by', {
              name: info.row.original.publishedBy.name ?? text('keyInformation.anAdmin'),
            })}
          </p>
        </div>
      ),
    }),
    col.accessor('complete', {
      header: text('keyInformation.versions.column.complete'),
      enableSorting: false,
      cell: (info) => (
        <div className="min-w-[8rem] space-y-1 text-sm">
          <CompletenessBadge sheet={info.row.original} />
          {info.row.original.complete ? null : (
            <p className="text-xs text-ink-muted">
              {text('keyInformation.versions.blank', {
                sections: sectionNames(info.row.original.missing, text),
              })}
            </p>
          )}
        </div>
      ),
    }),
    col.display({
      id: 'action',
      header: text('keyInformation.versions.column.action'),
      cell: (info) => (
        <Button variant="outline" size="sm" onClick={() => setOpen(info.row.original)}>
          <Eye aria-hidden="true" className="h-4 w-4" /> {text('keyInformation.versions.open')}
          <span className="sr-only">
            {text('keyInformation.versions.openVersion', { version: info.row.original.version })}
          </span>
        </Button>
      ),
    }),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('keyInformation.versions.title')}</CardTitle>
        <CardDescription>{text('keyInformation.versions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ListTable
          query={versions}
          list={list}
          pageSize={pageSize}
          noun={text('keyInformation.versions.noun')}
          caption={text('keyInformation.versions.caption')}
          columns={columns}
          rowId={(version) => String(version.version)}
          empty={
            <EmptyState
              icon={<FileText className="h-8 w-8" />}
              title={text('keyInformation.versions.empty.title')}
              description={text('keyInformation.versions.empty.description')}
            />
          }
        />
      </CardContent>
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent
            title={text('keyInformation.versions.dialogTitle', {
              version: open.version,
              current: String(open.current),
            })}
            description={text('keyInformation.versions.dialogDescription', {
              date: formatDateTime(open.publishedAt),
              name: open.publishedBy.name ?? text('keyInformation.anAdmin'),
              complete: String(open.complete),
              sections: sectionNames(open.missing, text),
            })}
            className="sm:max-w-2xl"
          >
            <SheetView sheet={open} />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
