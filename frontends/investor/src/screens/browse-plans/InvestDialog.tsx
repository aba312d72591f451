// Browse Plans' invest dialog (spec sections 5, 8 and 9; issue 25): slots clamped to 1 … available, cost,
// shortfall and projected returns, and until when the investment can be cancelled (decision 0094). The gates of
// decisions 0092 and 0094, as the settings have them: before a first investment the suitability questionnaire;
// the acknowledgement of the plan's key information sheet (the version read is sent and recorded); and above 5 %
// of the investor's net worth (or yearly income) the loss warning, acknowledged. With the gates off the dialog is
// the spec's.
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { investorPlanPage, isApiError, usePublicSettingsQuery } from '@cropvest/web-kit';
import { toastMessage } from '@cropvest/web-kit/errors';
import type { Plan } from '@cropvest/contracts/plans/model';
import type { SuitabilityStatus } from '@cropvest/contracts/plans/suitability';
import { lossWarning, reconsiderationEnd } from '@cropvest/contracts/plans/suitability-rules';
import { AlertTriangle, CalendarClock, FileText, Info } from 'lucide-react';
import { Checkbox } from '@cropvest/ui/checkbox';
import { Dialog, DialogContent } from '@cropvest/ui/dialog';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Label, TextField } from '@cropvest/ui/input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { formatCount, formatDate, formatDateTime, formatRate, formatUsdt } from '@cropvest/ui/format';
import { toast } from '@cropvest/ui/toast';
import { useCreateInvestmentMutation, type NewInvestment } from '../../api/plans.ts';
import { SuitabilityQuestionnaire } from '../../shared/profile/SuitabilityQuestionnaire.tsx';
import { useMyKycQuery } from '../../api/kyc.ts';
import { useSuitabilityQuery } from '../../api/plans.ts';
import {
  balanceShortfall,
  clampSlots,
  investFailureToast,
  investmentCost,
  investSuccessToast,
  planBadge,
  projectReturns,
  slotsInputValue,
} from './rules.ts';
import { useBrowsePlansMessages } from './messages/catalogue.ts';

interface InvestDialogProps {
  plan: Plan;
  balance: string;
  onClose: () => void;
}

/** The questionnaire first when the suitability check asks for answers the investor has not given; then the purchase. */
export function InvestDialog({ plan, balance, onClose }: InvestDialogProps) {
  const { text } = useBrowsePlansMessages();
  const suitability = useSuitabilityQuery();
  // The answers just saved, so the purchase follows at once instead of after the status is read again.
  const [saved, setSaved] = useState<SuitabilityStatus | null>(null);
  const status = saved ?? suitability.data;
  const title = text('browsePlans.invest.title', { plan: plan.title });
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());

  if (!status)
    return (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent title={title}>
          <QueryView
            query={suitability}
            what={text('browsePlans.invest.profileWhat')}
            skeleton={<SkeletonRows rows={4} />}
          >
            {() => null}
          </QueryView>
        </DialogContent>
      </Dialog>
    );
  if (status.required && status.answers === null)
    return (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent
          title={text('browsePlans.questions.title')}
          description={text('browsePlans.questions.description', { plan: plan.title })}
          className="max-w-xl"
        >
          <SuitabilityQuestionnaire
            answers={null}
            submitLabel={text('browsePlans.questions.submit')}
            onSaved={setSaved}
            onCancel={onClose}
          />
        </DialogContent>
      </Dialog>
    );
  return (
    <PurchaseForm
      plan={plan}
      balance={balance}
      suitability={status}
      onClose={onClose}
      onSuitabilityStale={() => {
        setSaved(null);
        void suitability.refetch();
      }}
    />
  );
}

interface PurchaseProblems {
  sheet?: string;
  loss?: string;
}

function PurchaseForm({
  plan,
  balance,
  suitability,
  onClose,
  onSuitabilityStale,
}: InvestDialogProps & { suitability: SuitabilityStatus; onSuitabilityStale: () => void }) {
  const { text, rich } = useBrowsePlansMessages();
  const ids = useId();
  const [typed, setTyped] = useState('1');
  const [kycNeeded, setKycNeeded] = useState(false);
  const [problems, setProblems] = useState<PurchaseProblems>({});
  const [sheetNotice, setSheetNotice] = useState<string | null>(null);
  const [acknowledgedVersion, setAcknowledgedVersion] = useState<number | null>(null);
  const [acknowledgedWarning, setAcknowledgedWarning] = useState<string | null>(null);
  const [createInvestment, { isLoading }] = useCreateInvestmentMutation();
  const settings = usePublicSettingsQuery().data;
  const slots = clampSlots(typed, plan.availableSlots);
  const cost = investmentCost(plan.minSlotPrice, slots);
  const shortfall = balanceShortfall(cost, balance);
  // A purchase now takes the platform's current Auto compound interest setting as its terms.
  const compound = settings?.autoCompoundInterest ?? false;
  const projection = projectReturns(cost, plan.dailyInterestRate, plan.durationDays, compound);
  const harvest = formatDate(plan.endDate);
  const full = plan.availableSlots <= 0;
  const startsLater = planBadge(plan, text).kind === 'starts';
  // Until the settings are read, the acknowledgement is asked: sending it is never refused while the sheet holds.
  const sheetAsked = settings?.requireKeyInformationAcknowledgement ?? true;
  const sheet = plan.keyInformation;
  const sheetAcknowledged = sheet !== null && acknowledgedVersion === sheet.version;
  const warning = suitability.required && suitability.answers ? lossWarning(cost, suitability.answers) : null;
  // Acknowledged for this amount: another number of slots is another warning, asked again.
  const warningAcknowledged = warning !== null && acknowledgedWarning === warning;
  const cancellableUntil = reconsiderationEnd(new Date());
  // Said before Confirm when the setting asks for an approved identity check (and after a refusal that says
  // so): under review, or to be done in the profile.
  const kyc = useMyKycQuery();
  const kycApproved = kyc.data?.status === 'approved';
  const kycNote: 'pending' | 'required' | null =
    (settings?.requireKycForInvesting && kyc.isSuccess && !kycApproved) || kycNeeded
      ? kyc.data?.status === 'pending'
        ? 'pending'
        : 'required'
      : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (shortfall || full || isLoading) return;
    setTyped(String(slots));
    const missing: PurchaseProblems = {
      ...(sheetAsked && sheet && !sheetAcknowledged ? { sheet: text('browsePlans.sheet.unconfirmed') } : {}),
      ...(warning && !warningAcknowledged ? { loss: text('browsePlans.loss.unconfirmed') } : {}),
    };
    setProblems(missing);
    if (missing.sheet || missing.loss) {
      document.getElementById(missing.sheet ? `${ids}-sheet` : `${ids}-loss`)?.focus();
      return;
    }
    const request: NewInvestment = {
      planId: plan.id,
      slotsPurchased: slots,
      principal: cost,
      ...(sheetAsked && sheet ? { keyInformationVersion: sheet.version } : {}),
      ...(warning ? { acknowledgedLossWarning: true } : {}),
    };
    try {
      await createInvestment(request).unwrap();
      toast(investSuccessToast(text));
      onClose();
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      setKycNeeded(code === 'KYC_REQUIRED');
      if (code === 'KEY_INFORMATION_CHANGED' && isApiError(error)) {
        // The plans are read again (the refusal invalidates them), so the link and the box name the new version.
        setAcknowledgedVersion(null);
        setSheetNotice(toastMessage(error, text('browsePlans.sheet.changed')));
        return;
      }
      if (code === 'SUITABILITY_REQUIRED' || code === 'LOSS_WARNING_NOT_ACKNOWLEDGED') {
        // The answers changed elsewhere (or were never given): read them again and ask as they now say.
        onSuitabilityStale();
        return;
      }
      toast(investFailureToast(error, text));
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('browsePlans.invest.title', { plan: plan.title })}
      description={text(
        startsLater ? 'browsePlans.invest.descriptionStartsLater' : 'browsePlans.invest.description',
        {
          rate: formatRate(plan.dailyInterestRate),
          days: plan.durationDays,
          start: formatDate(plan.startDate),
          harvest,
        },
      )}
      onSubmit={(event) => void submit(event)}
      submitLabel={text('browsePlans.invest.submit')}
      busy={isLoading}
      busyLabel={text('browsePlans.invest.busy')}
      submitDisabled={Boolean(shortfall) || full}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-surface-muted p-3 text-sm">
        <div>
          <dt className="text-ink-muted">{text('browsePlans.invest.slotPrice')}</dt>
          <dd className="font-medium text-ink">{formatUsdt(plan.minSlotPrice)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{text('browsePlans.invest.dailyRate')}</dt>
          <dd className="font-medium text-ink">{formatRate(plan.dailyInterestRate)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{text('browsePlans.invest.slotsAvailable')}</dt>
          <dd className="font-medium text-ink">{formatCount(plan.availableSlots)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{text('browsePlans.invest.yourBalance')}</dt>
          <dd className="font-medium text-ink">{formatUsdt(balance)}</dd>
        </div>
      </dl>

      <TextField
        label={text('browsePlans.invest.slots')}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, plan.availableSlots)}
        step={1}
        required
        value={typed}
        disabled={full}
        onChange={(event) => setTyped(slotsInputValue(event.target.value, plan.availableSlots))}
        onBlur={() => setTyped(String(slots))}
        hint={text('browsePlans.invest.slotsHint', { max: formatCount(plan.availableSlots) })}
      />

      <div aria-live="polite" className="space-y-2">
        <div className="flex items-baseline justify-between gap-3 border-b border-border pb-2">
          <span className="text-sm font-medium text-ink-muted">
            {text('browsePlans.invest.cost', {
              slots: formatCount(slots),
              price: formatUsdt(plan.minSlotPrice),
            })}
          </span>
          <span className="text-lg font-bold text-ink" data-testid="invest-cost">
            {formatUsdt(cost)}
          </span>
        </div>
        {shortfall ? (
          <p className="text-sm font-medium text-danger">
            {rich('browsePlans.invest.shortfall', {
              amount: formatUsdt(shortfall),
              link: (chunks) => (
                <Link to="/investor/deposit" className="underline underline-offset-2">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="projection-title" className="rounded-lg border border-border p-3">
        <h3 id="projection-title" className="text-sm font-semibold text-ink">
          {text('browsePlans.projection.title')}
        </h3>
        <p className="mt-0.5 text-xs text-ink-muted">{text('browsePlans.projection.note')}</p>
        <p className="mt-1 text-xs font-medium text-ink-muted" data-testid="invest-terms">
          {text(compound ? 'browsePlans.projection.termsCompound' : 'browsePlans.projection.termsSimple', {
            rate: formatRate(plan.dailyInterestRate),
          })}
        </p>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">{text('browsePlans.projection.daily')}</dt>
            <dd className="whitespace-nowrap font-medium text-ink">{formatUsdt(projection.daily)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">
              {text('browsePlans.projection.interest', { days: plan.durationDays })}
            </dt>
            <dd className="whitespace-nowrap font-medium text-ink">{formatUsdt(projection.total)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">{text('browsePlans.projection.final')}</dt>
            <dd className="whitespace-nowrap font-semibold text-brand-ink">{formatUsdt(projection.final)}</dd>
          </div>
        </dl>
      </section>

      {warning ? (
        <section
          aria-labelledby={`${ids}-loss-title`}
          className="rounded-lg border border-warning-border bg-warning-muted p-3 text-warning-ink"
        >
          <h3 id={`${ids}-loss-title`} className="flex items-center gap-2 text-sm font-semibold">
            <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
            {text('browsePlans.loss.title')}
          </h3>
          <p className="mt-1 text-sm" data-testid="loss-warning">
            {warning}
          </p>
          <Acknowledgement
            id={`${ids}-loss`}
            checked={warningAcknowledged}
            onCheckedChange={(checked) => setAcknowledgedWarning(checked ? warning : null)}
            label={text('browsePlans.loss.acknowledge')}
            error={problems.loss}
          />
        </section>
      ) : null}

      {sheetAsked ? (
        <section aria-labelledby={`${ids}-sheet-title`} className="rounded-lg border border-border p-3">
          <h3 id={`${ids}-sheet-title`} className="flex items-center gap-2 text-sm font-semibold text-ink">
            <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-muted" />
            {text('browsePlans.keyInformation')}
          </h3>
          {sheet ? (
            <>
              <p className="mt-1 text-sm text-ink-muted">
                {rich('browsePlans.sheet.about', {
                  version: sheet.version,
                  link: (chunks) => (
                    <a
                      href={investorPlanPage(plan.id, 'key-information')}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-ink underline underline-offset-2"
                    >
                      {chunks}
                    </a>
                  ),
                })}
              </p>
              {sheetNotice ? (
                <p role="alert" className="mt-2 text-sm font-medium text-warning-ink">
                  {sheetNotice}
                </p>
              ) : null}
              <Acknowledgement
                id={`${ids}-sheet`}
                checked={sheetAcknowledged}
                onCheckedChange={(checked) => setAcknowledgedVersion(checked ? sheet.version : null)}
                label={text('browsePlans.sheet.acknowledge', { version: sheet.version })}
                error={problems.sheet}
              />
            </>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">{text('browsePlans.sheet.none')}</p>
          )}
        </section>
      ) : null}

      <p className="flex gap-2 text-sm text-ink-muted" data-testid="invest-cancellable-until">
        <CalendarClock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-ink-subtle" />
        <span>
          {rich('browsePlans.cancellable', {
            until: formatDateTime(cancellableUntil),
            harvest,
            when: (chunks) => <span className="font-medium whitespace-nowrap">{chunks}</span>,
          })}
        </span>
      </p>

      {kycNote ? (
        <p
          className="flex gap-2 rounded-lg bg-warning-muted p-3 text-sm text-warning-ink"
          data-testid="invest-kyc-note"
        >
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {kycNote === 'pending' ? (
            <span>{text('browsePlans.kyc.pending')}</span>
          ) : (
            <span>
              {rich('browsePlans.kyc.required', {
                link: (chunks) => (
                  <Link to="/investor/profile?tab=kyc" className="font-medium underline underline-offset-2">
                    {chunks}
                  </Link>
                ),
              })}
            </span>
          )}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** A box the investor ticks to confirm they read or understood something, with its problem read with it. */
function Acknowledgement({
  id,
  checked,
  onCheckedChange,
  label,
  error,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  error: string | undefined;
}) {
  return (
    <div className="mt-3">
      <div className="flex items-start gap-2">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(state) => onCheckedChange(state === true)}
          aria-invalid={error && !checked ? true : undefined}
          aria-describedby={error && !checked ? `${id}-error` : undefined}
          className="mt-0.5"
        />
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
      </div>
      {error && !checked ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
