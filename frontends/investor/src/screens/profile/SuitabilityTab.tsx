// Investor profile (decision 0094): the investor's suitability answers, the loss capacity they give and the
// threshold above which an investment asks for the loss warning to be acknowledged; updating them saves a new
// version, which the next investment is checked against.
import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { Suitability } from '@cropvest/contracts/plans/suitability';
import { Button } from '@cropvest/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cropvest/ui/card';
import { FactList } from '@cropvest/ui/fact-list';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { toast } from '@cropvest/ui/toast';
import {
  EXPERIENCE_LABELS,
  PURPOSE_LABELS,
  SuitabilityQuestionnaire,
} from '../../shared/profile/SuitabilityQuestionnaire.tsx';
import { useSuitabilityQuery } from '../../api/plans.ts';

export function SuitabilityTab() {
  const suitability = useSuitabilityQuery();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Investor Profile</CardTitle>
        <CardDescription>
          Your answers about experience, purpose and finances, and the loss we estimate you can bear. Before
          an investment above 5 % of your net worth (or yearly income) we show a warning you must acknowledge.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={suitability}
          what="your investor profile"
          skeleton={<SkeletonRows rows={4} className="h-10" />}
        >
          {({ answers, required }) =>
            editing || answers === null ? (
              <div className="max-w-xl space-y-4">
                {answers === null ? (
                  <p className="text-sm text-ink-muted">
                    {required
                      ? 'You have not answered these questions yet; your first investment asks for them.'
                      : 'You have not answered these questions yet.'}
                  </p>
                ) : null}
                <SuitabilityQuestionnaire
                  answers={answers}
                  submitLabel="Save Answers"
                  onSaved={() => {
                    toast({ title: 'Answers Saved', variant: 'success' });
                    setEditing(false);
                  }}
                  {...(answers === null ? {} : { onCancel: () => setEditing(false) })}
                />
              </div>
            ) : (
              <AnswersView answers={answers} onEdit={() => setEditing(true)} />
            )
          }
        </QueryView>
      </CardContent>
    </Card>
  );
}

function AnswersView({ answers, onEdit }: { answers: Suitability; onEdit: () => void }) {
  const facts: [string, string][] = [
    ['Experience', EXPERIENCE_LABELS[answers.experience]],
    ['Purpose', PURPOSE_LABELS[answers.purpose]],
    ['Net worth', answers.netWorth === null ? 'Not given' : formatUsdt(answers.netWorth)],
    [
      'Yearly income after tax',
      answers.yearlyIncome === null ? 'Not given' : formatUsdt(answers.yearlyIncome),
    ],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-brand-border bg-brand-muted p-4">
          <dt className="text-sm text-brand-ink">Loss you can bear (estimated)</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-brand-ink" data-testid="loss-capacity">
            {formatUsdt(answers.lossCapacity)}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-ink-muted">A warning before investing more than</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-ink">
            {formatUsdt(answers.warningThreshold)}
          </dd>
        </div>
      </dl>
      <FactList facts={facts} className="gap-x-6 gap-y-3 sm:grid-cols-2" />
      <p className="text-sm text-ink-muted">
        Answered {formatDateTime(answers.answeredAt)} (version {answers.version}). Updating them keeps these
        on record; your next investment is checked against the new answers.
      </p>
      <Button onClick={onEdit}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> Update Answers
      </Button>
    </div>
  );
}
