// Point-in-time recovery on Kubernetes (k8s/README.md, "Restoring to a point in time"): reads the production
// overlay as rendered and prints a new CloudNativePG Cluster that starts from the backups and WAL the overlay's
// cluster archives, replayed up to TIMESTAMP, with that cluster's settings and roles, archiving under its own name;
// and its nightly backup.
//   kubectl kustomize k8s/overlays/production | npx tsx scripts/recovery-cluster.ts --to 2026-11-26T14:05:00Z
//   --name NAME    the new cluster's name (default: the cluster's name + `-restore`)
// test/deploy/kubernetes.unit.test.ts validates what this prints against the operator's schemas.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseAllDocuments, stringify } from 'yaml';

/** A rendered Kubernetes object, as far as this reads it. */
export interface ManifestObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

interface PluginEntry {
  name: string;
  isWALArchiver?: boolean;
  parameters?: Record<string, string>;
}
/** The fields of a Cluster's spec this changes; the rest is copied as it is. */
interface ClusterSpec {
  bootstrap?: { initdb?: { database?: string; owner?: string } };
  plugins?: PluginEntry[];
  [field: string]: unknown;
}

/** The source in the new cluster's `externalClusters`: the archive it recovers from. */
const ORIGIN = 'origin';

/** An RFC 3339 moment with its zone (a moment without one would be read in the operator's zone), in the past. */
export function targetTimeOf(text: string, now = new Date()): string {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text))
    throw new Error(`--to ${text}: give a moment with its zone, e.g. 2026-11-26T14:05:00Z`);
  const moment = new Date(text);
  if (Number.isNaN(moment.getTime())) throw new Error(`--to ${text}: not a date`);
  if (moment > now) throw new Error(`--to ${text}: in the future; the archive ends now`);
  return moment.toISOString();
}

/** The Cluster that recovers the overlay's archiving cluster up to `targetTime`, and its scheduled backups. */
export function recoveryManifests(
  objects: ManifestObject[],
  options: { targetTime: string; name?: string },
): ManifestObject[] {
  const archiving = objects.filter(
    (o) =>
      o.kind === 'Cluster' &&
      ((o.spec as ClusterSpec | undefined)?.plugins ?? []).some((plugin) => plugin.isWALArchiver === true),
  );
  if (archiving.length !== 1)
    throw new Error(`expected one Cluster that archives its WAL, found ${archiving.length}`);
  const source = archiving[0] as ManifestObject;
  const name = options.name ?? `${source.metadata.name}-restore`;
  if (name === source.metadata.name) throw new Error(`--name must differ from ${source.metadata.name}`);
  const { bootstrap, plugins = [], ...spec } = source.spec as ClusterSpec;
  const archiver = plugins.find((plugin) => plugin.isWALArchiver) as PluginEntry;
  const store = archiver.parameters?.barmanObjectName;
  if (!store) throw new Error(`${source.metadata.name}: its WAL archiver names no barmanObjectName`);
  const initdb = bootstrap?.initdb ?? {};
  const cluster: ManifestObject = {
    apiVersion: source.apiVersion,
    kind: 'Cluster',
    metadata: { name, namespace: source.metadata.namespace, labels: source.metadata.labels },
    spec: {
      ...spec,
      bootstrap: {
        recovery: {
          source: ORIGIN,
          ...(initdb.database ? { database: initdb.database, owner: initdb.owner } : {}),
          recoveryTarget: { targetTime: options.targetTime },
        },
      },
      externalClusters: [
        {
          name: ORIGIN,
          plugin: {
            name: archiver.name,
            parameters: {
              barmanObjectName: store,
              serverName: archiver.parameters?.serverName ?? source.metadata.name,
            },
          },
        },
      ],
      // The new cluster archives too, into the same store under its own name: the source's archive stays as it
      // was (the plugin refuses to archive into another cluster's WAL).
      plugins: plugins.map((plugin) =>
        plugin === archiver ? { ...plugin, parameters: { ...plugin.parameters, serverName: name } } : plugin,
      ),
    },
  };
  const backups = objects
    .filter(
      (o) =>
        o.kind === 'ScheduledBackup' &&
        (o.spec?.cluster as { name?: string } | undefined)?.name === source.metadata.name,
    )
    .map((backup) => ({
      ...backup,
      metadata: { ...backup.metadata, name: backup.metadata.name.replace(source.metadata.name, name) },
      spec: { ...backup.spec, cluster: { name } },
    }));
  return [cluster, ...backups];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { to: { type: 'string' }, name: { type: 'string' } } });
  try {
    if (!values.to) throw new Error('--to TIMESTAMP is required (RFC 3339 with a zone)');
    const objects = parseAllDocuments(readFileSync(0, 'utf8')).map(
      (document) => document.toJS() as ManifestObject,
    );
    const manifests = recoveryManifests(objects, { targetTime: targetTimeOf(values.to), name: values.name });
    process.stdout.write(manifests.map((manifest) => stringify(manifest)).join('---\n'));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}
