// Production's NATS is the NATS Helm chart (docs/decisions/0087-event-stream-replicas-and-nats-chart.md). Helm and
// the chart are not reachable here, so the chart is not rendered: its kustomization and values are checked as
// written, against what the platform needs, and the users file it includes is checked with nats-server itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { BUS_PRINCIPALS, passwordVariable } from '@cropvest/service-kit/bus';
import { ofKind, renderKustomization, renderOverlay } from './kustomize.ts';

const root = path.resolve(import.meta.dirname, '../..');
const chartDir = path.join(root, 'k8s/overlays/production/nats');
const kustomization = parse(readFileSync(path.join(chartDir, 'kustomization.yaml'), 'utf8')) as {
  namespace: string;
  resources: string[];
  helmCharts: { name: string; repo: string; version: string; releaseName: string; valuesFile: string }[];
};
const [chart] = kustomization.helmCharts;
const values = parse(readFileSync(path.join(chartDir, chart?.valuesFile ?? 'values.yaml'), 'utf8'));
/** The chart's mount of the users ConfigMap, and the include of its file from the chart's /etc/nats-config. */
const USERS_DIR = '/etc/nats-users';

describe('k8s/overlays/production/nats', () => {
  it('is the official NATS chart at one exact version, released as `nats` in the platform namespace', () => {
    expect(kustomization.helmCharts).toHaveLength(1);
    expect(chart).toMatchObject({
      name: 'nats',
      repo: 'https://nats-io.github.io/k8s/helm/charts/',
      releaseName: 'nats',
    });
    expect(chart?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(kustomization.namespace).toBe('cropvest');
  });

  it('serves clients at the Service the platform connects to', () => {
    // The chart names its client Service after the full name and the servers' one `<full name>-headless`.
    expect(values.fullnameOverride).toBe('nats');
    const config = renderOverlay('production').find((o) => o.metadata.name === 'cropvest-config');
    expect(config?.data?.NATS_URL).toBe(
      `nats://${values.fullnameOverride}:${values.config.nats?.port ?? 4222}`,
    );
    expect(config?.data?.NATS_STREAM_REPLICAS).toBe(String(values.config.cluster.replicas));
  });

  it('runs three JetStream servers on file storage, spread over nodes, with a disruption budget', () => {
    expect(values.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(values.config.jetstream).toMatchObject({
      enabled: true,
      fileStore: { enabled: true, pvc: { enabled: true } },
      memoryStore: { enabled: false },
    });
    expect(values.podTemplate.topologySpreadConstraints['kubernetes.io/hostname']).toMatchObject({
      whenUnsatisfiable: 'DoNotSchedule',
    });
    expect(values.podDisruptionBudget.enabled).toBe(true);
  });

  it('runs the exporter for the PodMonitor of k8s/observability, not a second PodMonitor of its own', () => {
    expect(values.promExporter).toMatchObject({ enabled: true, podMonitor: { enabled: false } });
    const monitor = ofKind(renderKustomization('observability'), 'PodMonitor').find(
      (o) => o.metadata.name === 'nats',
    );
    expect(monitor?.spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'prom-metrics' })]);
  });

  it('gives every server every password from the cropvest-nats Secret, and restricted containers', () => {
    for (const principal of BUS_PRINCIPALS)
      expect(values.container.env[passwordVariable(principal)]).toEqual({
        valueFrom: { secretKeyRef: { name: 'cropvest-nats', key: passwordVariable(principal) } },
      });
    expect(values.podTemplate.merge.spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    for (const container of [values.container, values.reloader, values.promExporter])
      expect(container.merge.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
    expect(values.natsBox.enabled).toBe(false);
  });

  it('mounts the generated users and includes them in a config nats-server accepts', () => {
    expect(kustomization.resources).toContain('../../../nats-users');
    const [users] = renderKustomization('nats-users');
    expect(values.podTemplate.patch).toContainEqual({
      op: 'add',
      path: '/spec/volumes/-',
      value: { name: 'nats-users', configMap: { name: users?.metadata.name.replace(/-[a-z0-9]+$/, '') } },
    });
    expect(values.container.patch).toContainEqual({
      op: 'add',
      path: '/volumeMounts/-',
      value: { name: 'nats-users', mountPath: USERS_DIR, readOnly: true },
    });
    const include = values.config.merge.$include as string;
    // The chart writes its config to /etc/nats-config/nats.conf; the include resolves from there.
    expect(path.posix.resolve('/etc/nats-config', include)).toBe(`${USERS_DIR}/nats-server.conf`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-nats-chart-'));
    try {
      mkdirSync(path.join(dir, 'nats-config'));
      mkdirSync(path.join(dir, 'nats-users'));
      writeFileSync(
        path.join(dir, 'nats-users', 'nats-server.conf'),
        users?.data?.['nats-server.conf'] ?? '',
      );
      writeFileSync(
        path.join(dir, 'nats-config', 'nats.conf'),
        `jetstream { store_dir: ${JSON.stringify(path.join(dir, 'data'))} }\ninclude ${include}\n`,
      );
      const passwords = Object.fromEntries(
        BUS_PRINCIPALS.map((p) => [passwordVariable(p), 'n0123456789abcdef']),
      );
      const check = spawnSync('nats-server', ['-c', path.join(dir, 'nats-config', 'nats.conf'), '-t'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, ...passwords },
      });
      expect([check.status, `${check.stdout}${check.stderr}`]).toEqual([
        0,
        expect.stringContaining('is valid'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
