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
import { useSharedProfileMessages } from '../../shared/profile/messages/catalogue.ts';
import { useSuitabilityQuery } from '../../api/plans.ts';
import { useProfileMessages, type ProfileMessageId } from './messages/catalogue.ts';

export function SuitabilityTab() {
  const { text } = useProfileMessages();
  const suitability = useSuitabilityQuery();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{text('profile.investor.title')}</CardTitle>
        <CardDescription>{text('profile.investor.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={suitability}
          what={text('profile.investor.what')}
          skeleton={<SkeletonRows rows={4} className="h-10" />}
        >
          {({ answers, required }) =>
            editing || answers === null ? (
              <div className="max-w-xl space-y-4">
                {answers === null ? (
                  <p className="text-sm text-ink-muted">
                    {text(required ? 'profile.investor.notAnsweredRequired' : 'profile.investor.notAnswered')}
                  </p>
                ) : null}
                <SuitabilityQuestionnaire
                  answers={answers}
                  submitLabel={text('profile.investor.save')}
                  onSaved={() => {
                    toast({ title: text('profile.investor.saved'), variant: 'success' });
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
  const { text } = useProfileMessages();
  const answer = useSharedProfileMessages().text;
  const amount = (value: string | null) =>
    value === null ? text('profile.investor.notGiven') : formatUsdt(value);
  const facts: [string, string][] = (
    [
      ['profile.investor.experience', answer(EXPERIENCE_LABELS[answers.experience])],
      ['profile.investor.purpose', answer(PURPOSE_LABELS[answers.purpose])],
      ['profile.investor.netWorth', amount(answers.netWorth)],
      ['profile.investor.yearlyIncome', amount(answers.yearlyIncome)],
    ] as [ProfileMessageId, string][]
  ).map(([label, value]) => [text(label), value]);
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-brand-border bg-brand-muted p-4">
          <dt className="text-sm text-brand-ink">{text('profile.investor.lossCapacity')}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-brand-ink" data-testid="loss-capacity">
            {formatUsdt(answers.lossCapacity)}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-ink-muted">{text('profile.investor.threshold')}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-ink">
            {formatUsdt(answers.warningThreshold)}
          </dd>
        </div>
      </dl>
      <FactList facts={facts} className="gap-x-6 gap-y-3 sm:grid-cols-2" />
      <p className="text-sm text-ink-muted">
        {text('profile.investor.answered', {
          date: formatDateTime(answers.answeredAt),
          version: answers.version,
        })}
      </p>
      <Button onClick={onEdit}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> {text('profile.investor.update')}
      </Button>
    </div>
  );
}
