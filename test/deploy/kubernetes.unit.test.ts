// Every Kubernetes overlay rendered as an operator applies it (`kubectl kustomize`), every object validated against
// its schema (the built-in kinds by kubernetes-models, CloudNativePG's Cluster by the schema in schemas/), and the
// deployment rules of issue 14 checked on what is rendered, not on the files that produce it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { createMetrics } from '@cropvest/service-kit';
import { createChainMetrics } from '../../services/chain/src/app/metrics.ts';
import { OVERLAYS, renderKustomization, renderOverlay, type K8sObject } from './kustomize.ts';

const NAMESPACE = 'cropvest';
/** Validators of the custom resources the overlays use. */
const ajv = new Ajv({ allErrors: true });
const schema = (file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'schemas', file), 'utf8'));
const customKinds: Record<string, ReturnType<typeof ajv.compile>> = {
  'postgresql.cnpg.io/v1 Cluster': ajv.compile(schema('cnpg-cluster.schema.json')),
};

/** Problems the kind's schema finds in one object. */
async function schemaProblems(object: K8sObject): Promise<string[]> {
  const custom = customKinds[`${object.apiVersion} ${object.kind}`];
  if (custom) return custom(object) ? [] : (custom.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  // Built-in kinds from kubernetes-models; the Prometheus Operator's from its models package.
  const models = object.apiVersion.startsWith('monitoring.coreos.com/')
    ? '@kubernetes-models/prometheus-operator'
    : 'kubernetes-models';
  const module = object.apiVersion.includes('/')
    ? object.apiVersion
    : `v1/${object.apiVersion}`.replace('v1/v1', 'v1');
  let Model: new (value: unknown) => { validate: () => void };
  try {
    Model = ((await import(`${models}/${module}/${object.kind}`)) as Record<string, typeof Model>)[
      object.kind
    ] as typeof Model;
  } catch {
    return [`no schema for ${object.apiVersion} ${object.kind}`];
  }
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [String(error)];
  }
}

interface Container {
  name: string;
  image: string;
  startupProbe?: unknown;
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  lifecycle?: { preStop?: unknown };
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
    seccompProfile?: { type: string };
  };
  volumeMounts?: { name: string; mountPath: string }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } };
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; emptyDir?: unknown }[];
}
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'Job', 'CronJob']);
/** The pod template of a workload (a CronJob's is inside its job template). */
const templateOf = (object: K8sObject) =>
  object.kind === 'CronJob' ? object.spec.jobTemplate.spec.template : object.spec.template;
const podOf = (object: K8sObject): PodSpec => templateOf(object).spec as PodSpec;
const labelsOf = (object: K8sObject): Record<string, string> => templateOf(object).metadata?.labels ?? {};
/** Workloads that run to completion: no probes. */
const RUN_TO_COMPLETION = new Set(['Job', 'CronJob']);

/** A tag other than `latest`, or a digest. */
const pinned = (image: string): boolean =>
  /@sha256:[0-9a-f]{64}$/.test(image) ||
  (/:[\w][\w.-]*$/.test(image.split('/').at(-1) ?? '') && !image.endsWith(':latest'));

/** Whether an Ingress sends `path` to a backend (the most specific rule wins, Exact before Prefix). */
function routeOf(ingress: K8sObject, path: string): string | undefined {
  const candidates = (ingress.spec.rules ?? []).flatMap((rule: any) =>
    (rule.http?.paths ?? []).filter((p: any) =>
      p.pathType === 'Exact'
        ? p.path === path
        : path === p.path || path.startsWith(p.path.endsWith('/') ? p.path : `${p.path}/`),
    ),
  );
  candidates.sort(
    (a: any, b: any) =>
      (a.pathType === 'Exact' ? -1 : 0) - (b.pathType === 'Exact' ? -1 : 0) || b.path.length - a.path.length,
  );
  return candidates[0]?.backend?.service?.name;
}

const figures: string[] = [];
afterAll(() => {
  process.stdout.write(`Kubernetes: ${figures.join('; ')}\n`);
});

describe('the schemas', () => {
  it('refuse what the cluster would refuse: a misspelt field, a wrong type', async () => {
    const [cluster] = renderOverlay('production').filter((object) => object.kind === 'Cluster');
    expect(await schemaProblems(cluster as K8sObject)).toEqual([]);
    const { instances, ...rest } = (cluster as K8sObject).spec;
    expect(
      await schemaProblems({ ...(cluster as K8sObject), spec: { ...rest, instance: instances } }),
    ).not.toEqual([]);
    const deployment = renderOverlay('single-node').find(
      (object) => object.kind === 'Deployment',
    ) as K8sObject;
    expect(
      await schemaProblems({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } }),
    ).not.toEqual([]);
  });
});

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const of = (kind: string) => objects.filter((object) => object.kind === kind);
  const workloads = objects.filter((object) => WORKLOADS.has(object.kind));
  const platform = of('Deployment');

  it('renders objects that are each valid against their schema', async () => {
    expect(objects.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const object of objects)
      for (const problem of await schemaProblems(object))
        problems.push(`${object.kind} ${object.metadata.name}: ${problem}`);
    expect(problems).toEqual([]);
    figures.push(
      `${overlay} ${objects.length} objects valid (${[...new Set(objects.map((o) => o.kind))].length} kinds)`,
    );
  });

  it('puts everything in one Namespace with a default-deny NetworkPolicy, every object labelled', () => {
    expect(of('Namespace').map((n) => n.metadata.name)).toEqual([NAMESPACE]);
    const elsewhere = objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== NAMESPACE);
    expect(elsewhere.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([]);
    const denyAll = of('NetworkPolicy').filter(
      (policy) =>
        Object.keys(policy.spec.podSelector ?? {}).length === 0 &&
        [...policy.spec.policyTypes].sort().join() === 'Egress,Ingress' &&
        !policy.spec.ingress &&
        !policy.spec.egress,
    );
    expect(denyAll.length).toBe(1);
    for (const object of objects)
      expect([object.kind, object.metadata.name, object.metadata.labels]).toEqual([
        object.kind,
        object.metadata.name,
        expect.objectContaining({
          'app.kubernetes.io/name': expect.any(String),
          'app.kubernetes.io/part-of': 'cropvest',
          'app.kubernetes.io/managed-by': 'kustomize',
        }),
      ]);
  });

  it('pins every image (a version or a digest, never latest)', () => {
    const images = [
      ...workloads.flatMap((w) =>
        [...podOf(w).containers, ...(podOf(w).initContainers ?? [])].map((c) => c.image),
      ),
      ...of('Cluster').map((cluster) => cluster.spec.imageName as string),
    ];
    expect(images.filter((image) => !pinned(image))).toEqual([]);
  });

  it('gives every container probes, resources, a locked-down security context and a writable /tmp', () => {
    const faults: string[] = [];
    for (const workload of workloads) {
      const pod = podOf(workload);
      const where = `${workload.kind} ${workload.metadata.name}`;
      if (pod.securityContext?.runAsNonRoot !== true) faults.push(`${where}: pod not runAsNonRoot`);
      for (const container of pod.containers) {
        const at = `${where}/${container.name}`;
        if (!RUN_TO_COMPLETION.has(workload.kind))
          for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
            if (!container[probe]) faults.push(`${at}: no ${probe}`);
        const { requests, limits } = container.resources ?? {};
        if (!requests?.cpu || !requests.memory || !limits?.memory) faults.push(`${at}: resources incomplete`);
        const security = container.securityContext ?? {};
        if (security.allowPrivilegeEscalation !== false) faults.push(`${at}: privilege escalation allowed`);
        if (!security.capabilities?.drop?.includes('ALL')) faults.push(`${at}: capabilities not all dropped`);
        if (security.readOnlyRootFilesystem !== true) faults.push(`${at}: root filesystem writable`);
        if ((security.seccompProfile ?? pod.securityContext?.seccompProfile)?.type !== 'RuntimeDefault')
          faults.push(`${at}: no RuntimeDefault seccomp profile`);
        const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
        if (!tmp || !pod.volumes?.some((volume) => volume.name === tmp.name && volume.emptyDir))
          faults.push(`${at}: no writable /tmp`);
      }
    }
    for (const deployment of platform)
      if (!podOf(deployment).containers[0]?.lifecycle?.preStop)
        faults.push(`${deployment.metadata.name}: no preStop drain`);
    expect(faults).toEqual([]);
  });

  it('exposes only the gateway through an Ingress with TLS, a class and a body limit for 10 MB uploads; never /metrics or /readyz', () => {
    const selects = (service: string | undefined) => {
      const selector =
        objects.find((o) => o.kind === 'Service' && o.metadata.name === service)?.spec.selector ?? {};
      return workloads
        .filter((w) => Object.entries(selector).every(([k, v]) => labelsOf(w)[k] === v))
        .map((w) => w.metadata.name);
    };
    for (const ingress of of('Ingress')) {
      const name = ingress.metadata.name;
      expect([name, Boolean(ingress.spec.ingressClassName)]).toEqual([name, true]);
      const hosts = ingress.spec.rules.map((rule: { host: string }) => rule.host);
      const covered = ingress.spec.tls.flatMap((tls: { hosts: string[] }) => tls.hosts);
      expect([name, hosts.filter((host: string) => !covered.includes(host))]).toEqual([name, []]);
      const limit = /^(\d+)m$/.exec(
        ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '',
      );
      expect([name, Number(limit?.[1]) >= 10]).toEqual([name, true]);
    }
    const main = of('Ingress').find((ingress) => routeOf(ingress, '/') === 'gateway') as K8sObject;
    expect(selects(routeOf(main, '/api/plans'))).toEqual(['gateway']);
    for (const path of ['/metrics', '/readyz', '/healthz'])
      expect([path, selects(routeOf(main, path))]).toEqual([path, []]);
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'cropvest-config');
    expect(config?.data?.S3_PUBLIC_ENDPOINT).toMatch(/^https:\/\//);
  });

  it('lets only the gateway reach the chain service, and the chain reach the internet on HTTPS only, no private ranges', () => {
    /** The policies that select a pod with these labels. */
    const selecting = (labels: Record<string, string>) =>
      of('NetworkPolicy').filter((policy) => {
        const { matchLabels = {}, matchExpressions = [] } = policy.spec.podSelector ?? {};
        return (
          Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
          matchExpressions.every(
            (e: { key: string; operator: string; values: string[] }) =>
              e.operator === 'In' && e.values.includes(labels[e.key] as string),
          )
        );
      });
    const chain = platform.find((d) => d.metadata.name === 'chain') as K8sObject;
    const chainLabels = labelsOf(chain);
    const rules = (kind: 'ingress' | 'egress', labels: Record<string, string>) =>
      selecting(labels).flatMap((policy) => (policy.spec[kind] ?? []) as any[]);
    // Who may open the chain's API port: a rule without ports opens every port.
    const apiFrom = rules('ingress', chainLabels)
      .filter((rule) => !rule.ports || rule.ports.some((p: any) => p.port === 8107))
      .flatMap((rule) => rule.from ?? [{ anyone: true }]);
    expect(apiFrom).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }]);
    // The gateway may call it (its egress to the platform's API ports).
    const gateway = labelsOf(platform.find((d) => d.metadata.name === 'gateway') as K8sObject);
    expect(
      rules('egress', gateway).some(
        (rule) =>
          rule.ports?.some((p: any) => p.port === 8107) &&
          rule.to?.some(
            (peer: any) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'platform',
          ),
      ),
    ).toBe(true);
    // Its way out beyond the cluster: HTTPS only, with the private, shared and link-local ranges (the cluster,
    // the Kubernetes API, cloud metadata) left closed; a rule without peers would open every address.
    const outside = rules('egress', chainLabels).filter(
      (rule) => !rule.to || rule.to.some((peer: any) => peer.ipBlock),
    );
    expect(outside.length).toBeGreaterThan(0);
    for (const rule of outside) {
      expect(rule.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
      expect(rule.to?.every((peer: any) => peer.ipBlock?.except?.length > 0)).toBe(true);
      const v4 = rule.to.find((peer: any) => peer.ipBlock.cidr === '0.0.0.0/0')?.ipBlock;
      expect(v4?.except).toEqual(
        expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']),
      );
    }
  });

  it('runs NATS with JetStream, and only the platform reaches its clients port', () => {
    const nats = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats') as K8sObject;
    const reachers = of('NetworkPolicy')
      .filter((policy) => policy.spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'nats')
      .flatMap((policy) =>
        (policy.spec.ingress ?? []).filter((rule: any) => rule.ports?.some((p: any) => p.port === 4222)),
      )
      .flatMap((rule: any) => rule.from);
    expect(reachers).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'platform' } } },
    ]);
    // Production's NATS is the NATS Helm chart's, applied from its own kustomization (nats-chart.unit.test.ts).
    expect([overlay, nats !== undefined]).toEqual([overlay, overlay === 'single-node']);
  });
});

describe('k8s/overlays/production', () => {
  const objects = renderOverlay('production');
  const of = (kind: string) => objects.filter((object) => object.kind === kind);
  const deployments = of('Deployment');

  it('autoscales every process from two replicas and keeps a disruption budget for every workload', () => {
    const scaled = of('HorizontalPodAutoscaler').map((hpa) => [
      hpa.spec.scaleTargetRef.name,
      hpa.spec.minReplicas >= 2,
    ]);
    expect(scaled.sort()).toEqual(deployments.map((d) => [d.metadata.name, true]).sort());
    const budgeted = of('PodDisruptionBudget').map(
      (pdb) => pdb.spec.selector.matchLabels['app.kubernetes.io/name'],
    );
    const workloads = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
    expect(budgeted.sort()).toEqual(
      workloads.map((w) => w.spec.template.metadata.labels['app.kubernetes.io/name']).sort(),
    );
  });

  it('runs PostgreSQL as a CloudNativePG cluster of three, one role per service owning only its schema', () => {
    const [cluster] = of('Cluster');
    expect(cluster?.spec.instances).toBe(3);
    const sql: string[] = cluster?.spec.bootstrap.initdb.postInitApplicationSQL ?? [];
    const withDatabase = deployments.filter((d) =>
      d.spec.template.spec.containers[0].env.some((e: any) => e.name === 'DATABASE_URL'),
    );
    expect(withDatabase.length).toBe(7);
    const roles = cluster?.spec.managed.roles as { name: string; passwordSecret: { name: string } }[];
    expect(roles.map((role) => role.name).sort()).toEqual(withDatabase.map((d) => d.metadata.name).sort());
    for (const deployment of withDatabase) {
      const name = deployment.metadata.name;
      const url = deployment.spec.template.spec.containers[0].env.find((e: any) => e.name === 'DATABASE_URL');
      const secret = roles.find((role) => role.name === name)?.passwordSecret.name;
      expect([name, url.valueFrom.secretKeyRef.name, secret]).toEqual([
        name,
        `cropvest-db-${name}`,
        `cropvest-db-${name}`,
      ]);
      expect([name, sql.includes(`CREATE SCHEMA ${name} AUTHORIZATION ${name}`)]).toEqual([name, true]);
    }
    expect(sql).toContain('REVOKE ALL ON SCHEMA public FROM PUBLIC');
  });

  it('keeps the single-node overlay for one machine', () => {
    expect(
      execFileSync('kubectl', ['kustomize', 'k8s/overlays/single-node'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        encoding: 'utf8',
      }),
    ).toContain('kind: StatefulSet');
  });
});

describe('k8s/observability', () => {
  const objects = renderKustomization('observability');
  /** Every series a process exports (its registry, histograms with their suffixes), and those of the cluster's own exporters the rules use. */
  const exported = async () => {
    const metrics = createMetrics('any');
    // The chain service's own figures, registered as the service registers them.
    createChainMetrics(metrics);
    const names = (await metrics.registry.getMetricsAsJSON()).flatMap((metric) =>
      String(metric.type) === 'histogram'
        ? ['_bucket', '_count', '_sum'].map((suffix) => `${metric.name}${suffix}`)
        : [metric.name],
    );
    return new Set([
      ...names,
      // notify's own figures (open streams, mails) and the plans jobs' (services/plans/src/app/jobs.ts)
      'event_streams_open',
      ...['_bucket', '_count', '_sum'].map((suffix) => `accrual_run_duration_seconds${suffix}`),
      'accrual_rows_total',
      'harvest_payouts_total',
      'mails_sent_total',
      'mails_failed_total',
      'mails_queued',
      // kube-state-metrics: the ledger check's Jobs and CronJob, NATS's StatefulSet
      'kube_job_status_failed',
      'kube_job_status_succeeded',
      'kube_job_status_start_time',
      'kube_cronjob_status_last_successful_time',
      'kube_cronjob_created',
      'kube_statefulset_replicas',
      'kube_statefulset_status_replicas_ready',
      // the NATS Helm chart's exporter (prefix nats_) and CloudNativePG's instances with the barman-cloud plugin
      'nats_consumer_num_pending',
      'nats_server_total_message_bytes',
      'nats_server_max_storage',
      'cnpg_pg_replication_lag',
      'cnpg_pg_replication_streaming_replicas',
      'cnpg_pg_replication_in_recovery',
      'cnpg_collector_sync_replicas',
      'cnpg_pg_stat_archiver_last_failed_time',
      'cnpg_pg_stat_archiver_last_archived_time',
      'barman_cloud_cloudnative_pg_io_last_available_backup_timestamp',
      'certmanager_certificate_expiration_timestamp_seconds',
      // what the rules record themselves (the SLO ratios)
      ...objects
        .filter((object) => object.kind === 'PrometheusRule')
        .flatMap((rule) => rule.spec.groups.flatMap((group: any) => group.rules))
        .flatMap((rule: { record?: string }) => (rule.record ? [rule.record] : [])),
    ]);
  };
  /** The metric names a PromQL expression reads: identifiers outside label matchers, groupings, matchings and strings, not functions. */
  const seriesOf = (expr: string) =>
    [
      ...expr
        .replace(/"[^"]*"/g, '')
        .replace(/\{[^}]*\}/g, ' ')
        .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
        .replace(/\[[^\]]*\]/g, ' ')
        .matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/g),
    ]
      .map((match) => match[1] as string)
      .filter((name) => name.includes('_'));

  it('holds a valid PrometheusRule with the alerts operators need, each on a series that exists', async () => {
    const [rule] = objects.filter((object) => object.kind === 'PrometheusRule');
    expect(await schemaProblems(rule as K8sObject)).toEqual([]);
    const alerts = (rule as K8sObject).spec.groups.flatMap((group: any) => group.rules) as {
      alert: string;
      expr: string;
    }[];
    expect(alerts.map((alert) => alert.alert)).toEqual(
      expect.arrayContaining([
        'CropVestHighErrorRate',
        'CropVestOutboxBacklogAge',
        'CropVestConsumerLag',
        'CropVestChainEndpointFailing',
        'CropVestReservesShortfall',
        'CropVestReconciliationStale',
        'CropVestLedgerCheckFailed',
        'CropVestCertificateExpiresSoon',
      ]),
    );
    const known = await exported();
    const unknown = alerts.flatMap((alert) =>
      seriesOf(alert.expr)
        .filter((name) => !known.has(name))
        .map((name) => `${alert.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
    expect(
      seriesOf('sum by (service) (rate(http_request_duration_seconds_count{status=~"5.."}[5m]))'),
    ).toEqual(['http_request_duration_seconds_count']);
    // The ledger alert watches the production overlay's CronJob.
    expect(
      renderOverlay('production').some((o) => o.kind === 'CronJob' && o.metadata.name === 'ledger-check'),
    ).toBe(true);
  });

  it('scrapes every platform process on its metrics port, NATS and PostgreSQL through valid PodMonitors', async () => {
    const monitors = objects.filter((object) => object.kind === 'PodMonitor');
    for (const monitor of monitors)
      expect([monitor.metadata.name, await schemaProblems(monitor)]).toEqual([monitor.metadata.name, []]);
    const platform = monitors.find((monitor) => monitor.metadata.name === 'cropvest-platform') as K8sObject;
    const selector = platform.spec.selector.matchLabels as Record<string, string>;
    const port = platform.spec.podMetricsEndpoints[0].port as string;
    for (const overlay of OVERLAYS) {
      const scraped = renderOverlay(overlay)
        .filter((object) => object.kind === 'Deployment')
        .filter((deployment) =>
          Object.entries(selector).every(
            ([key, value]) => deployment.spec.template.metadata.labels?.[key] === value,
          ),
        )
        .filter((deployment) =>
          deployment.spec.template.spec.containers[0].ports.some(
            (p: { name: string; containerPort: number }) => p.name === port && p.containerPort === 9464,
          ),
        )
        .map((deployment) => deployment.metadata.name);
      expect([overlay, scraped.sort()]).toEqual([
        overlay,
        ['chain', 'gateway', 'identity', 'kyc', 'notify', 'plans', 'support', 'wallet'],
      ]);
    }
    expect(monitors.map((monitor) => monitor.metadata.name).sort()).toEqual([
      'cropvest-db',
      'cropvest-platform',
      'nats',
    ]);
  });

  it("ships a Grafana dashboard whose every panel reads the platform's series", async () => {
    const configMap = objects.find(
      (object) => object.kind === 'ConfigMap' && object.metadata.labels?.grafana_dashboard,
    );
    const dashboard = JSON.parse(configMap?.data?.['cropvest-dashboard.json'] ?? '{}') as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.panels.length).toBeGreaterThan(8);
    const known = await exported();
    const unknown = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((target) =>
        seriesOf(target.expr)
          .filter((name) => !known.has(name))
          .map((name) => `${panel.title}: ${name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });
});
