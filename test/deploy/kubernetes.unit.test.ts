// Every Kubernetes overlay rendered as an operator applies it (`kubectl kustomize`), every object validated against
// its schema (the built-in kinds by kubernetes-models, the Gateway API's by its models package, CloudNativePG's and
// the Barman Cloud plugin's by the schemas in schemas/), and the deployment rules of issues 14 and 24 checked on
// what is rendered, not on the files that produce it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { parse, parseDocument } from 'yaml';
import { createMetrics } from '@cropvest/service-kit/runtime';
import { createChainMetrics } from '../../services/chain/src/app/metrics.ts';
import { recoveryManifests, targetTimeOf } from '../../scripts/recovery-cluster.ts';
import {
  isKind,
  ofKind,
  OVERLAYS,
  renderKustomization,
  renderOverlay,
  type Container,
  type EgressRule,
  type HTTPRouteRule,
  type IngressRule,
  type K8sObject,
  type K8sObjectOf,
  type Kind,
  type PodSpec,
  type PolicyPeer,
} from './kustomize.ts';

const NAMESPACE = 'cropvest';
/** Validators of the custom resources the overlays use. */
const ajv = new Ajv({ allErrors: true });
const schema = (file: string): object =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'schemas', file), 'utf8')) as object;
const customKinds: Record<string, ReturnType<typeof ajv.compile>> = {
  'postgresql.cnpg.io/v1 Cluster': ajv.compile(schema('cnpg-cluster.schema.json')),
  'postgresql.cnpg.io/v1 ScheduledBackup': ajv.compile(schema('cnpg-scheduledbackup.schema.json')),
  'postgresql.cnpg.io/v1 ImageCatalog': ajv.compile(schema('cnpg-imagecatalog.schema.json')),
  'barmancloud.cnpg.io/v1 ObjectStore': ajv.compile(schema('barman-objectstore.schema.json')),
};
/** The models packages of the API groups that are not built in. */
const MODELS_OF_GROUP: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
};

/** Problems the kind's schema finds in one object. */
async function schemaProblems(object: K8sObject): Promise<string[]> {
  const custom = customKinds[`${object.apiVersion} ${object.kind}`];
  if (custom) return custom(object) ? [] : (custom.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  // Built-in kinds from kubernetes-models; the Prometheus Operator's and the Gateway API's from their packages.
  const models = MODELS_OF_GROUP[object.apiVersion.split('/')[0] as string] ?? 'kubernetes-models';
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

const WORKLOADS = ['Deployment', 'StatefulSet', 'Job', 'CronJob'] as const;
type Workload = K8sObjectOf<(typeof WORKLOADS)[number]>;
/** The pod template of a workload (a CronJob's is inside its job template). */
const templateOf = (object: Workload) =>
  object.kind === 'CronJob' ? object.spec.jobTemplate.spec.template : object.spec.template;
const podOf = (object: Workload): PodSpec => templateOf(object).spec;
const labelsOf = (object: Workload): Record<string, string> => templateOf(object).metadata?.labels ?? {};
/** Whether a rule's ports open `port` (a rule without ports opens every port). */
const opens = (rule: IngressRule | EgressRule, port: number): boolean =>
  !rule.ports || rule.ports.some((p) => p.port === port);
/** Workloads that run to completion: no probes. */
const RUN_TO_COMPLETION = new Set(['Job', 'CronJob']);

/** A tag other than `latest`, or a digest. */
const pinned = (image: string): boolean =>
  /@sha256:[0-9a-f]{64}$/.test(image) ||
  (/:[\w][\w.-]*$/.test(image.split('/').at(-1) ?? '') && !image.endsWith(':latest'));

/** A Gateway API path match (a PathPrefix matches whole path elements: `/api` matches `/api/x`, not `/apix`). */
const pathMatches = (match: { type: string; value: string }, path: string): boolean =>
  match.type === 'Exact'
    ? path === match.value
    : match.value === '/' || path === match.value || path.startsWith(`${match.value.replace(/\/$/, '')}/`);
/** The rule of these HTTPRoutes that takes a request for `host` and `path`: an Exact match before the longest prefix. */
function ruleFor(routes: K8sObjectOf<'HTTPRoute'>[], host: string, path: string): HTTPRouteRule | undefined {
  const candidates = routes
    .filter((route) => (route.spec.hostnames ?? [host]).includes(host))
    .flatMap((route) =>
      route.spec.rules.flatMap((rule) =>
        (rule.matches ?? [{}])
          .map((match) => match.path ?? { type: 'PathPrefix', value: '/' })
          .filter((match) => pathMatches(match, path))
          .map((match) => ({ rule, match })),
      ),
    );
  candidates.sort(
    (a, b) =>
      (a.match.type === 'Exact' ? -1 : 0) - (b.match.type === 'Exact' ? -1 : 0) ||
      b.match.value.length - a.match.value.length,
  );
  return candidates[0]?.rule;
}
/** A Gateway API duration (`1h`, `5m`, `30s`, `1h30m`) in seconds. */
const secondsOf = (duration: string): number =>
  [...duration.matchAll(/(\d+)(h|ms|m|s)/g)].reduce(
    (sum, [, n, unit]) =>
      sum + Number(n) * { h: 3600, m: 60, s: 1, ms: 0.001 }[unit as 'h' | 'm' | 's' | 'ms'],
    0,
  );

/** The PostgreSQL images CloudNativePG publishes now: `<major>.<minor>-<build stamp>-<minimal|standard>-<Debian>`,
 * pinned by digest. The bare `18.4` and the `system` images are the retired formats. */
const CURRENT_CNPG_IMAGE =
  /^ghcr\.io\/cloudnative-pg\/postgresql:(\d+)\.\d+-\d{12}-(minimal|standard)-(trixie|bookworm)@sha256:[0-9a-f]{64}$/;
/** Labels CloudNativePG gives every pod of a cluster (instances and its jobs). */
const cnpgPodLabels = (cluster: string): Record<string, string> => ({
  'cnpg.io/cluster': cluster,
  'cnpg.io/podRole': 'instance',
  'app.kubernetes.io/name': 'postgresql',
  'app.kubernetes.io/instance': cluster,
  'app.kubernetes.io/component': 'database',
  'app.kubernetes.io/managed-by': 'cloudnative-pg',
});
/** The NetworkPolicies among `objects` that select a pod with these labels. */
const policiesSelecting = (objects: K8sObject[], labels: Record<string, string>) =>
  ofKind(objects, 'NetworkPolicy').filter((policy) => {
    const { matchLabels = {}, matchExpressions = [] } = policy.spec.podSelector ?? {};
    return (
      Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
      matchExpressions.every((e) => e.operator === 'In' && e.values.includes(labels[e.key] as string))
    );
  });
/** The ingress rules of the NetworkPolicies that select a pod with these labels. */
const ingressTo = (objects: K8sObject[], labels: Record<string, string>): IngressRule[] =>
  policiesSelecting(objects, labels).flatMap((policy) => policy.spec.ingress ?? []);
/** The egress rules of the NetworkPolicies that select a pod with these labels. */
const egressFrom = (objects: K8sObject[], labels: Record<string, string>): EgressRule[] =>
  policiesSelecting(objects, labels).flatMap((policy) => policy.spec.egress ?? []);
/** Who may open `port` of the pods these ingress rules guard: a rule without peers lets anyone. */
const reachersOf = (rules: IngressRule[], port: number) =>
  rules
    .filter((rule) => opens(rule, port))
    .flatMap<PolicyPeer | { anyone: true }>((rule) => rule.from ?? [{ anyone: true }]);

const figures: string[] = [];
afterAll(() => {
  process.stdout.write(`Kubernetes: ${figures.join('; ')}\n`);
});

describe('the schemas', () => {
  it('refuse what the cluster would refuse: a misspelt field, a wrong type', async () => {
    const [cluster] = ofKind(renderOverlay('production'), 'Cluster') as [K8sObjectOf<'Cluster'>];
    expect(await schemaProblems(cluster)).toEqual([]);
    const { instances, ...rest } = cluster.spec;
    expect(await schemaProblems({ ...cluster, spec: { ...rest, instance: instances } })).not.toEqual([]);
    // The backup and image kinds refuse a misspelt field (their schemas here refuse unknown fields); the Gateway
    // API's, from their published schemas, a wrong type.
    const production = renderOverlay('production');
    type Broken = 'ScheduledBackup' | 'ObjectStore' | 'ImageCatalog' | 'HTTPRoute' | 'Gateway';
    const broken: { [K in Broken]: (spec: K8sObjectOf<K>['spec']) => Record<string, unknown> } = {
      ScheduledBackup: ({ schedule, ...spec }) => ({ ...spec, schedul: schedule }),
      ObjectStore: ({ retentionPolicy, ...spec }) => ({ ...spec, retention: retentionPolicy }),
      ImageCatalog: ({ images }) => ({ image: images }),
      HTTPRoute: (spec) => ({ ...spec, hostnames: spec.hostnames?.[0] }),
      Gateway: (spec) => ({ ...spec, listeners: { ...spec.listeners[0] } }),
    };
    const breaking = async <K extends Broken>(kind: K) => {
      const [object] = ofKind(production, kind) as [K8sObjectOf<K>];
      expect([kind, await schemaProblems(object)]).toEqual([kind, []]);
      const problems = await schemaProblems({ ...object, spec: broken[kind](object.spec) });
      expect([kind, problems.length > 0]).toEqual([kind, true]);
    };
    for (const kind of Object.keys(broken) as Broken[]) await breaking(kind);
    const [deployment] = ofKind(renderOverlay('single-node'), 'Deployment') as [K8sObjectOf<'Deployment'>];
    expect(
      await schemaProblems({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } }),
    ).not.toEqual([]);
  });
});

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const of = <K extends Kind>(kind: K) => ofKind(objects, kind);
  const workloads = ofKind(objects, ...WORKLOADS);
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
    expect(objects.filter((o) => o.kind === 'Namespace').map((n) => n.metadata.name)).toEqual([NAMESPACE]);
    const elsewhere = objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== NAMESPACE);
    expect(elsewhere.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([]);
    const denyAll = of('NetworkPolicy').filter(
      (policy) =>
        Object.keys(policy.spec.podSelector ?? {}).length === 0 &&
        [...(policy.spec.policyTypes ?? [])].sort().join() === 'Egress,Ingress' &&
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

  it('pins every image (a version or a digest, never latest); PostgreSQL in the current CloudNativePG format', () => {
    const catalogued = of('ImageCatalog').flatMap((catalog) =>
      catalog.spec.images.map((entry) => ({
        catalog: catalog.metadata.name,
        ...entry,
      })),
    );
    // A cluster names its image, or a major version of a catalog here that has it.
    const clusterImages = of('Cluster').map((cluster) => {
      const ref = cluster.spec.imageCatalogRef;
      return ref
        ? catalogued.find((entry) => entry.catalog === ref.name && entry.major === ref.major)?.image
        : cluster.spec.imageName;
    });
    const images = [
      ...workloads.flatMap((w) =>
        [...podOf(w).containers, ...(podOf(w).initContainers ?? [])].map((c) => c.image),
      ),
      ...clusterImages,
      ...catalogued.map((entry) => entry.image),
    ];
    expect(images.filter((image) => !image || !pinned(image))).toEqual([]);
    for (const [index, image] of [...clusterImages, ...catalogued.map((entry) => entry.image)].entries()) {
      const major = CURRENT_CNPG_IMAGE.exec(image ?? '')?.[1];
      expect([image, major]).toEqual([image, expect.any(String)]);
      if (index >= clusterImages.length)
        expect(Number(major)).toBe(catalogued[index - clusterImages.length]?.major);
    }
  });

  it("runs no MinIO image: its maintainers no longer publish them (the S3 store is SeaweedFS's or external)", () => {
    const images = workloads.flatMap((w) =>
      [...podOf(w).containers, ...(podOf(w).initContainers ?? [])].map((c) => c.image),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((image) => /(^|\/)minio\//.test(image))).toEqual([]);
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

  it('exposes only the gateway, through the Gateway API over TLS (no Ingress), plain HTTP only redirecting; never /metrics or /readyz', () => {
    // ingress-nginx is retired: no Ingress, and nothing written for it.
    const forNginx = objects.filter(
      (o) =>
        o.kind === 'Ingress' ||
        Object.keys(o.metadata.annotations ?? {}).some((key) =>
          key.startsWith('nginx.ingress.kubernetes.io/'),
        ),
    );
    expect(forNginx.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([]);
    const [gateway, ...others] = of('Gateway');
    expect([gateway?.apiVersion, others]).toEqual(['gateway.networking.k8s.io/v1', []]);
    const { listeners } = (gateway as K8sObjectOf<'Gateway'>).spec;
    const attachedTo = (listener: { name: string }) =>
      of('HTTPRoute').filter((route) =>
        route.spec.parentRefs.some(
          (ref) =>
            ref.name === gateway?.metadata.name && (ref.sectionName ?? listener.name) === listener.name,
        ),
      );
    // Every route hangs on a listener of the Gateway, for that listener's host.
    for (const route of of('HTTPRoute'))
      for (const ref of route.spec.parentRefs) {
        const listener = listeners.find((l) => l.name === ref.sectionName);
        expect([route.metadata.name, ref.name, route.spec.hostnames]).toEqual([
          route.metadata.name,
          gateway?.metadata.name,
          [listener?.hostname],
        ]);
      }
    // HTTPS listeners end TLS with a certificate; an HTTP listener's routes only redirect to HTTPS.
    for (const listener of listeners)
      if (listener.protocol === 'HTTPS') {
        expect([listener.name, listener.tls?.mode, listener.tls?.certificateRefs?.length]).toEqual([
          listener.name,
          'Terminate',
          1,
        ]);
      } else {
        expect([listener.name, listener.protocol]).toEqual([listener.name, 'HTTP']);
        const rules = attachedTo(listener).flatMap((route) => route.spec.rules);
        expect(rules.length).toBeGreaterThan(0);
        for (const rule of rules) {
          expect(rule.backendRefs).toBeUndefined();
          expect(rule.filters).toEqual([
            { type: 'RequestRedirect', requestRedirect: expect.objectContaining({ scheme: 'https' }) },
          ]);
        }
      }
    // The public host reaches the gateway process for everything but the probes' and the scraper's paths.
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'cropvest-config');
    const host = new URL(config?.data?.PUBLIC_URL ?? '').hostname;
    const https = listeners.find((l) => l.hostname === host && l.protocol === 'HTTPS');
    const routes = attachedTo(https as { name: string });
    const selects = (rule: HTTPRouteRule | undefined) => {
      const services = (rule?.backendRefs ?? []).map((ref) => ref.name);
      const selectors = of('Service')
        .filter((service) => services.includes(service.metadata.name))
        .map((service) => service.spec.selector ?? {});
      return workloads
        .filter((w) => selectors.some((sel) => Object.entries(sel).every(([k, v]) => labelsOf(w)[k] === v)))
        .map((w) => w.metadata.name);
    };
    for (const path of [
      '/',
      '/api/plans',
      '/api/wallet/deposits',
      '/api/notifications/stream',
      '/assets/app.js',
    ])
      expect([path, selects(ruleFor(routes, host, path))]).toEqual([path, ['gateway']]);
    for (const path of ['/metrics', '/readyz', '/healthz'])
      expect([path, selects(ruleFor(routes, host, path))]).toEqual([path, []]);
    // Every forwarding rule bounds a request's time; the notification stream may stay open for its hour.
    for (const rule of of('HTTPRoute').flatMap((route) => route.spec.rules))
      if (rule.backendRefs?.some((ref) => ref.name !== 'not-exposed'))
        expect(secondsOf(rule.timeouts?.request ?? '')).toBeGreaterThan(0);
    expect(
      secondsOf(ruleFor(routes, host, '/api/notifications/stream')?.timeouts?.request ?? ''),
    ).toBeGreaterThanOrEqual(3600);
    // Only the Gateway's proxies (Envoy Gateway's namespace) open the gateway's API port.
    const gatewayPods = labelsOf(platform.find((d) => d.metadata.name === 'gateway') as Workload);
    expect(reachersOf(ingressTo(objects, gatewayPods), 8080)).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' } } },
    ]);
    expect(config?.data?.S3_PUBLIC_ENDPOINT).toMatch(/^https:\/\//);
  });

  it('lets only the gateway reach the chain service, and the chain reach the internet on HTTPS only, no private ranges', () => {
    const chain = platform.find((d) => d.metadata.name === 'chain') as Workload;
    const chainLabels = labelsOf(chain);
    // Who may open the chain's API port: a rule without ports opens every port.
    const apiFrom = reachersOf(ingressTo(objects, chainLabels), 8107);
    expect(apiFrom).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }]);
    // The gateway may call it (its egress to the platform's API ports).
    const gateway = labelsOf(platform.find((d) => d.metadata.name === 'gateway') as Workload);
    expect(
      egressFrom(objects, gateway).some(
        (rule) =>
          rule.ports?.some((p) => p.port === 8107) &&
          rule.to?.some(
            (peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'platform',
          ),
      ),
    ).toBe(true);
    // Its way out beyond the cluster: HTTPS only, with the private, shared and link-local ranges (the cluster,
    // the Kubernetes API, cloud metadata) left closed; a rule without peers would open every address.
    const outside = egressFrom(objects, chainLabels).filter(
      (rule) => !rule.to || rule.to.some((peer) => peer.ipBlock),
    );
    expect(outside.length).toBeGreaterThan(0);
    for (const rule of outside) {
      expect(rule.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
      expect(rule.to?.every((peer) => (peer.ipBlock?.except?.length ?? 0) > 0)).toBe(true);
      const v4 = rule.to?.find((peer) => peer.ipBlock?.cidr === '0.0.0.0/0')?.ipBlock;
      expect(v4?.except).toEqual(
        expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']),
      );
    }
  });

  it('runs NATS with JetStream, and only the platform reaches its clients port', () => {
    const nats = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats');
    const reachers = of('NetworkPolicy')
      .filter((policy) => policy.spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'nats')
      .flatMap((policy) =>
        (policy.spec.ingress ?? []).filter((rule) => rule.ports?.some((p) => p.port === 4222)),
      )
      .flatMap((rule) => rule.from);
    expect(reachers).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'platform' } } },
    ]);
    // Production's NATS is the NATS Helm chart's, applied from its own kustomization (nats-chart.unit.test.ts).
    expect([overlay, nats !== undefined]).toEqual([overlay, overlay === 'single-node']);
  });
});

describe('k8s/overlays/production', () => {
  const objects = renderOverlay('production');
  const of = <K extends Kind>(kind: K) => ofKind(objects, kind);
  const deployments = of('Deployment');

  it('autoscales every process from two replicas and keeps a disruption budget for every workload', () => {
    const scaled = of('HorizontalPodAutoscaler').map((hpa) => [
      hpa.spec.scaleTargetRef.name,
      (hpa.spec.minReplicas ?? 1) >= 2,
    ]);
    expect(scaled.sort()).toEqual(deployments.map((d) => [d.metadata.name, true]).sort());
    const budgeted = of('PodDisruptionBudget').map(
      (pdb) => pdb.spec.selector.matchLabels?.['app.kubernetes.io/name'],
    );
    const workloads = ofKind(objects, 'Deployment', 'StatefulSet');
    expect(budgeted.sort()).toEqual(
      workloads.map((w) => w.spec.template.metadata?.labels?.['app.kubernetes.io/name']).sort(),
    );
  });

  it('runs PostgreSQL as a CloudNativePG cluster of three, one role per service owning only its schema', () => {
    const [cluster] = of('Cluster') as [K8sObjectOf<'Cluster'>];
    expect(cluster.spec.instances).toBe(3);
    const sql = cluster.spec.bootstrap.initdb?.postInitApplicationSQL ?? [];
    const databaseUrlOf = (deployment: K8sObjectOf<'Deployment'>) =>
      deployment.spec.template.spec.containers[0]?.env?.find((e) => e.name === 'DATABASE_URL');
    const withDatabase = deployments.filter((d) => databaseUrlOf(d));
    // Every service, and the gateway for the sign-in limits its replicas share (docs/decisions/0086).
    expect(withDatabase.length).toBe(8);
    const { roles } = cluster.spec.managed;
    expect(roles.map((role) => role.name).sort()).toEqual(withDatabase.map((d) => d.metadata.name).sort());
    for (const deployment of withDatabase) {
      const name = deployment.metadata.name;
      const url = databaseUrlOf(deployment);
      const secret = roles.find((role) => role.name === name)?.passwordSecret.name;
      expect([name, url?.valueFrom?.secretKeyRef?.name, secret]).toEqual([
        name,
        `cropvest-db-${name}`,
        `cropvest-db-${name}`,
      ]);
      expect([name, sql.includes(`CREATE SCHEMA ${name} AUTHORIZATION ${name}`)]).toEqual([name, true]);
    }
    expect(sql).toContain('REVOKE ALL ON SCHEMA public FROM PUBLIC');
  });

  it('commits synchronously: a quorum of one of the two replicas confirms each commit, required, and failover waits for that quorum', () => {
    const [cluster] = of('Cluster') as [K8sObjectOf<'Cluster'>];
    expect(cluster.spec.instances).toBe(3);
    expect(cluster.spec.postgresql.synchronous).toEqual({
      method: 'any',
      number: 1,
      dataDurability: 'required',
      failoverQuorum: true,
    });
    // At least one standby beyond the synchronous ones, so losing one replica does not stop writes.
    expect(cluster.spec.instances - 1).toBeGreaterThan(cluster.spec.postgresql.synchronous.number);
  });

  it('archives WAL and takes nightly base backups through the Barman Cloud plugin, into a store kept 30 days', () => {
    const [cluster] = of('Cluster') as [K8sObjectOf<'Cluster'>];
    const archivers = (cluster.spec.plugins ?? []).filter((plugin) => plugin.isWALArchiver === true);
    expect(archivers).toEqual([
      {
        name: 'barman-cloud.cloudnative-pg.io',
        isWALArchiver: true,
        parameters: { barmanObjectName: expect.any(String) },
      },
    ]);
    const store = of('ObjectStore').find(
      (o) => o.metadata.name === archivers[0]?.parameters?.barmanObjectName,
    );
    expect(store?.spec.retentionPolicy).toBe('30d');
    expect(store?.spec.configuration.destinationPath).toMatch(/^s3:\/\/[a-z0-9.-]+\//);
    expect(store?.spec.configuration.endpointURL).toMatch(/^https:\/\//);
    // Its key is the Secret of the example file, with the same keys.
    const example = parseDocument(
      readFileSync(path.resolve(import.meta.dirname, '../../k8s/backup-credentials.example.yaml'), 'utf8'),
    ).toJS() as K8sObject & { stringData: Record<string, string> };
    const credentials = store?.spec.configuration.s3Credentials;
    expect([credentials?.accessKeyId, credentials?.secretAccessKey]).toEqual([
      { name: example.metadata.name, key: expect.any(String) },
      { name: example.metadata.name, key: expect.any(String) },
    ]);
    expect(Object.keys(example.stringData).sort()).toEqual(
      [credentials?.accessKeyId.key, credentials?.secretAccessKey.key].sort(),
    );
    // A scheduled base backup of this cluster, through the same plugin.
    const scheduled = of('ScheduledBackup').filter(
      (backup) => backup.spec.cluster.name === cluster.metadata.name,
    );
    expect(scheduled.map((backup) => [backup.spec.method, backup.spec.pluginConfiguration])).toEqual([
      ['plugin', { name: archivers[0]?.name }],
    ]);
    // Six fields, seconds first: daily at a fixed time.
    expect(scheduled[0]?.spec.schedule).toMatch(/^0 \d+ \d+ \* \* \*$/);
    // The instances reach the bucket (HTTPS) under the namespace's default-deny.
    const egress = egressFrom(objects, cnpgPodLabels(cluster.metadata.name));
    expect(egress.some((rule) => !rule.to && rule.ports?.some((p) => p.port === 443))).toBe(true);
  });

  it('restores to a point in time: scripts/recovery-cluster.ts makes a valid cluster that replays the archive up to the moment, under the same policies', async () => {
    const [cluster] = of('Cluster') as [K8sObjectOf<'Cluster'>];
    const moment = '2026-11-26T14:05:00Z';
    const [restored, ...backups] = recoveryManifests(objects, {
      targetTime: targetTimeOf(moment, new Date('2026-11-27T00:00:00Z')),
    });
    if (!isKind('Cluster')(restored) || !backups.every(isKind('ScheduledBackup')))
      throw new Error(
        `expected a Cluster and its ScheduledBackups, got ${JSON.stringify([restored, ...backups])}`,
      );
    for (const object of [restored, ...backups])
      expect([object.kind, await schemaProblems(object)]).toEqual([object.kind, []]);
    const name = restored.metadata.name;
    expect(name).not.toBe(cluster.metadata.name);
    const { bootstrap, externalClusters, plugins, ...spec } = restored.spec;
    // Everything else as the cluster it replaces: image, size, synchronous commits, roles and their passwords.
    const { bootstrap: _initdb, plugins: archiving, ...original } = cluster.spec;
    expect(spec).toEqual(original);
    expect(bootstrap.recovery).toEqual({
      source: 'origin',
      database: 'cropvest',
      owner: 'cropvest',
      recoveryTarget: { targetTime: '2026-11-26T14:05:00.000Z' },
    });
    // It reads the archive the overlay's cluster writes, and archives under its own name beside it.
    const store = archiving?.[0]?.parameters?.barmanObjectName;
    expect(externalClusters).toEqual([
      {
        name: 'origin',
        plugin: {
          name: 'barman-cloud.cloudnative-pg.io',
          parameters: { barmanObjectName: store, serverName: cluster.metadata.name },
        },
      },
    ]);
    expect(plugins).toEqual([
      { ...archiving?.[0], parameters: { barmanObjectName: store, serverName: name } },
    ]);
    expect(backups.map((backup) => backup.spec.cluster.name)).toEqual([name]);
    // The database policies (the platform's way in, the instances' way out) select its pods as they do the original's.
    const policies = (labels: Record<string, string>) =>
      policiesSelecting(objects, labels).map((policy) => policy.metadata.name);
    expect(policies(cnpgPodLabels(name))).toEqual(policies(cnpgPodLabels(cluster.metadata.name)));
    expect(policies(cnpgPodLabels(name)).length).toBeGreaterThan(0);
    const reach = of('NetworkPolicy')
      .filter((policy) => policy.metadata.name === 'platform-to-database')
      .flatMap((policy) => (policy.spec.egress ?? []).flatMap((rule) => rule.to ?? []));
    expect(
      reach.some((peer) =>
        Object.entries(peer.podSelector?.matchLabels ?? { none: 'none' }).every(
          ([key, value]) => cnpgPodLabels(name)[key] === value,
        ),
      ),
    ).toBe(true);
    // A moment without its zone, or one still to come, is refused.
    expect(() => targetTimeOf('2026-11-26 14:05:00')).toThrow(/zone/);
    expect(() => targetTimeOf('2026-11-26T14:05:00Z', new Date('2026-11-26T14:00:00Z'))).toThrow(/future/);
  });
});

describe('k8s/overlays/single-node', () => {
  const objects = renderOverlay('single-node');
  const of = <K extends Kind>(kind: K) => ofKind(objects, kind);
  const compose = parse(
    readFileSync(path.resolve(import.meta.dirname, '../../docker-compose.yml'), 'utf8'),
  ) as { services: Record<string, { image: string; command: string | string[] }> };
  /** The S3 store's workload: the one the platform's S3_ENDPOINT reaches through its Service. */
  const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'cropvest-config');
  const endpoint = new URL(config?.data?.S3_ENDPOINT ?? '');
  const service = of('Service').find((o) => o.metadata.name === endpoint.hostname) as K8sObjectOf<'Service'>;
  const store = of('StatefulSet').find((w) =>
    Object.entries(service?.spec.selector ?? { none: 'none' }).every(([k, v]) => labelsOf(w)[k] === v),
  ) as Workload;
  const setUp = of('Job').find((job) => job.metadata.name === 's3-init') as Workload;
  /** The admin shell's commands in a set-up script (compose escapes `$` as `$$`). */
  const shellCommands = (script: string) =>
    [
      ...script
        .replaceAll('$$', '$')
        .matchAll(/s3\.bucket\.create -name [\w-]+|s3\.configure -user [^"]*-apply/g),
    ].map(([command]) => command);

  it("runs compose's S3 store: SeaweedFS's image and server, its S3 API on 9000 where S3_ENDPOINT points, the same buckets and limited user", () => {
    expect(endpoint.port).toBe('9000');
    const [container] = podOf(store).containers as [
      Container & { args: string[]; ports: NonNullable<Container['ports']> },
    ];
    expect(container.image).toBe(compose.services.s3?.image);
    expect(container.args).toEqual(compose.services.s3?.command);
    const port = service.spec.ports.find((p) => p.port === 9000);
    expect(container.ports.find((p) => p.name === port?.targetPort)?.containerPort).toBe(9000);
    // The set-up job: the same image, the same admin shell commands as compose's s3-init (buckets, then the
    // platform's user allowed those buckets only), with the keys the platform signs with.
    const [shell] = podOf(setUp).containers as [Container & { args: string[] }];
    expect(shell.image).toBe(compose.services['s3-init']?.image);
    const commands = shellCommands(shell.args.join('\n'));
    expect(commands).toEqual(shellCommands(JSON.stringify(compose.services['s3-init']?.command)));
    expect(commands).toEqual([
      's3.bucket.create -name plan-images',
      's3.bucket.create -name kyc-documents',
      's3.bucket.create -name deposit-proofs',
      's3.configure -user cropvest -access_key ${S3_ACCESS_KEY} -secret_key ${S3_SECRET_KEY} -buckets plan-images,kyc-documents,deposit-proofs -actions Read,Write,List -apply',
    ]);
    const keys = (container: Container) =>
      (container.env ?? [])
        .filter((e) => e.name.startsWith('S3_'))
        .map((e) => [e.name, e.valueFrom?.secretKeyRef?.name, e.valueFrom?.secretKeyRef?.key]);
    const wallet = of('Deployment').find((d) => d.metadata.name === 'wallet') as Workload;
    expect(keys(shell)).toEqual(keys(podOf(wallet).containers[0] as Container));
    expect(keys(shell).length).toBe(2);
  });

  it("lets the platform, the Gateway's proxies and the set-up job reach the S3 API, and only the set-up job the admin shell's ports", () => {
    const ingress = ingressTo(objects, labelsOf(store));
    const from = (port: number) => reachersOf(ingress, port);
    const own = {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': labelsOf(store)['app.kubernetes.io/name'] } },
    };
    const job = {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': labelsOf(setUp)['app.kubernetes.io/name'] } },
    };
    expect(from(9000)).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'platform' } } },
      job,
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' } } },
      own,
    ]);
    for (const port of [9333, 19333, 8888, 18888]) expect([port, from(port)]).toEqual([port, [job, own]]);
    // The browsers' way in is the S3 API alone.
    const backends = of('HTTPRoute')
      .flatMap((route) => route.spec.rules.flatMap((rule) => rule.backendRefs ?? []))
      .filter((ref) => ref.name === service.metadata.name);
    expect(backends).toEqual([{ name: service.metadata.name, port: 9000 }]);
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
      ...ofKind(objects, 'PrometheusRule')
        .flatMap((rule) => rule.spec.groups.flatMap((group) => group.rules))
        .flatMap((rule) => (rule.record ? [rule.record] : [])),
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
    const [rule] = ofKind(objects, 'PrometheusRule') as [K8sObjectOf<'PrometheusRule'>];
    expect(await schemaProblems(rule)).toEqual([]);
    const alerts = rule.spec.groups.flatMap((group) => group.rules);
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
    const monitors = ofKind(objects, 'PodMonitor');
    for (const monitor of monitors)
      expect([monitor.metadata.name, await schemaProblems(monitor)]).toEqual([monitor.metadata.name, []]);
    const platform = monitors.find(
      (monitor) => monitor.metadata.name === 'cropvest-platform',
    ) as K8sObjectOf<'PodMonitor'>;
    const selector = platform.spec.selector.matchLabels ?? {};
    const port = platform.spec.podMetricsEndpoints[0]?.port;
    for (const overlay of OVERLAYS) {
      const scraped = ofKind(renderOverlay(overlay), 'Deployment')
        .filter((deployment) =>
          Object.entries(selector).every(
            ([key, value]) => deployment.spec.template.metadata?.labels?.[key] === value,
          ),
        )
        .filter((deployment) =>
          deployment.spec.template.spec.containers[0]?.ports?.some(
            (p) => p.name === port && p.containerPort === 9464,
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

  it("scrapes the production database's instances through the PodMonitor cropvest-db alone, and the monitoring namespace reaches their exporter", () => {
    const production = renderOverlay('production');
    const [cluster, ...others] = ofKind(production, 'Cluster');
    expect(others).toEqual([]);
    // CloudNativePG deprecates the Cluster's own PodMonitor; both would scrape every instance twice.
    expect(cluster?.spec.monitoring?.enablePodMonitor).toBeUndefined();
    const instance = cnpgPodLabels(cluster?.metadata.name as string);
    const monitor = ofKind(objects, 'PodMonitor').find(
      (o) => o.metadata.name === 'cropvest-db',
    ) as K8sObjectOf<'PodMonitor'>;
    expect(
      Object.entries(monitor.spec.selector.matchLabels ?? {}).every(
        ([key, value]) => instance[key] === value,
      ),
    ).toBe(true);
    // The instances' exporter is the container port `metrics`, 9187.
    expect(monitor.spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'metrics' })]);
    const fromMonitoring = reachersOf(ingressTo(production, instance), 9187);
    expect(fromMonitoring).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
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
