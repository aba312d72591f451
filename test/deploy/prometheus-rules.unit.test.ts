// The alerts of k8s/observability as Prometheus itself reads them: `promtool check rules` over the PrometheusRule's
// groups as kustomize renders them, and `promtool test rules` with prometheus-rules.promtool.yaml, whose inputs show
// each alert added for issue 24 firing on its condition and quiet otherwise. promtool is Debian's `prometheus`
// package (.ci/run installs it).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { parse, stringify } from 'yaml';
import { ofKind, renderKustomization, type K8sObjectOf } from './kustomize.ts';

const [rule] = ofKind(renderKustomization('observability'), 'PrometheusRule') as [
  K8sObjectOf<'PrometheusRule'>,
];
const { groups } = rule.spec;
const unitTests = path.join(import.meta.dirname, 'prometheus-rules.promtool.yaml');

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cropvest-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function promtool(args: string[]) {
  const result = spawnSync('promtool', args, { cwd: scratch, encoding: 'utf8' });
  if (result.error)
    throw new Error(
      `promtool is not installed (Debian: apt-get install prometheus): ${result.error.message}`,
    );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The alerts each promtool test shows firing, and those it shows quiet at some moment. */
function coverage() {
  const tests = (
    parse(readFileSync(unitTests, 'utf8')) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts?: unknown[] }[] }[];
    }
  ).tests.flatMap((test) => test.alert_rule_test);
  return {
    firing: new Set(tests.filter((test) => test.exp_alerts?.length).map((test) => test.alertname)),
    quiet: new Set(tests.filter((test) => !test.exp_alerts?.length).map((test) => test.alertname)),
  };
}

describe('k8s/observability/prometheus-rules.yaml under promtool', () => {
  it('passes `promtool check rules` (PromQL, templates, no duplicate rules)', () => {
    writeFileSync(path.join(scratch, 'check.yaml'), stringify({ groups }));
    const result = promtool(['check', 'rules', 'check.yaml']);
    expect([result.status, result.output]).toEqual([0, expect.stringContaining('SUCCESS')]);
  });

  it('fires each new alert on its condition and keeps it quiet otherwise (`promtool test rules`)', () => {
    // When an alert fires is what is tested here; the annotations' templates are checked above (promtool compares
    // annotations in full, which would only repeat the rule file's text).
    const withoutAnnotations = groups.map((group) => ({
      ...group,
      rules: group.rules.map(({ annotations: _annotations, ...rest }) => rest),
    }));
    writeFileSync(path.join(scratch, 'rules.yaml'), stringify({ groups: withoutAnnotations }));
    copyFileSync(unitTests, path.join(scratch, 'tests.yaml'));
    const result = promtool(['test', 'rules', 'tests.yaml']);
    expect([result.status, result.output]).toEqual([0, expect.stringContaining('SUCCESS')]);

    const added = [
      'CropVestMoneyPathAvailabilityBudgetBurn',
      'CropVestMoneyPathAvailabilityBudgetDrain',
      'CropVestMoneyPathLatencyBudgetBurn',
      'CropVestMoneyPathLatencyBudgetDrain',
      'CropVestTargetDown',
      'CropVestLedgerCheckFailed',
      'CropVestLedgerCheckStale',
      'CropVestNatsServerDown',
      'CropVestJetStreamConsumerPendingGrowing',
      'CropVestJetStreamStorageNearLimit',
      'CropVestPostgresInstanceDown',
      'CropVestPostgresReplicationLag',
      'CropVestPostgresNoSyncStandby',
      'CropVestPostgresWalArchiveFailing',
      'CropVestPostgresBackupTooOld',
    ];
    const alerts = groups.flatMap((group) => group.rules.flatMap((r) => (r.alert ? [r.alert] : [])));
    expect(alerts).toEqual(expect.arrayContaining(added));
    const { firing, quiet } = coverage();
    expect(added.filter((alert) => !firing.has(alert) || !quiet.has(alert))).toEqual([]);
  });

  it('records the burn-rate ratios the SLO alerts read, for every window of both pairs', () => {
    const records = new Set(
      groups.flatMap((group) => group.rules.flatMap((r) => (r.record ? [r.record] : []))),
    );
    for (const sli of ['errors', 'slow'])
      for (const window of ['5m', '30m', '1h', '2h', '6h', '1d', '3d'])
        expect(records).toContain(`cropvest:money_path_${sli}:ratio_rate${window}`);
  });
});
