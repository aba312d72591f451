// Renders a k8s/ overlay as Kubernetes would receive it (`kubectl kustomize`, offline; MACHINE.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');

/** A rendered object: each kind's spec its own shape, read through `Specs` (`isKind`, `ofKind`). */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

// The specs as far as the tests read them (each object is also validated against its kind's full schema). A field
// a test requires of our manifests is required here; one Kubernetes lets them leave out is optional.

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values: string[] }[];
}
export interface SecretKeyRef {
  name: string;
  key: string;
  optional?: boolean;
}
export interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: { name: string; containerPort: number }[];
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
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: SecretKeyRef } }[];
}
export interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } };
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; emptyDir?: unknown }[];
}
export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: PodSpec;
}
interface WorkloadSpec {
  replicas?: number;
  template: PodTemplate;
}
/** A peer of a NetworkPolicy rule: pods, namespaces or addresses. */
export interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  protocol?: string;
  port?: number | string;
}
export interface IngressRule {
  ports?: PolicyPort[];
  from?: PolicyPeer[];
}
export interface EgressRule {
  ports?: PolicyPort[];
  to?: PolicyPeer[];
}
export interface HTTPRouteRule {
  matches?: { path?: { type: string; value: string } }[];
  backendRefs?: { name: string; port?: number }[];
  filters?: unknown[];
  timeouts?: { request?: string };
}
interface PluginEntry {
  name: string;
  isWALArchiver?: boolean;
  parameters?: Record<string, string>;
}
export interface PrometheusRuleEntry {
  alert?: string;
  record?: string;
  expr: string;
  annotations?: Record<string, string>;
}

/** The spec of each kind a test reads. */
export interface Specs {
  Deployment: WorkloadSpec;
  StatefulSet: WorkloadSpec;
  Job: WorkloadSpec;
  CronJob: { jobTemplate: { spec: WorkloadSpec } };
  Service: {
    selector?: Record<string, string>;
    ports: { name?: string; port: number; targetPort?: string | number }[];
  };
  NetworkPolicy: {
    podSelector?: LabelSelector;
    policyTypes?: string[];
    ingress?: IngressRule[];
    egress?: EgressRule[];
  };
  Gateway: {
    listeners: {
      name: string;
      hostname?: string;
      protocol: string;
      tls?: { mode?: string; certificateRefs?: { name: string }[] };
    }[];
  };
  HTTPRoute: {
    hostnames?: string[];
    parentRefs: { name: string; sectionName?: string }[];
    rules: HTTPRouteRule[];
  };
  HorizontalPodAutoscaler: { scaleTargetRef: { name: string }; minReplicas?: number };
  PodDisruptionBudget: { selector: LabelSelector };
  Cluster: {
    instances: number;
    imageName?: string;
    imageCatalogRef?: { name: string; major: number };
    bootstrap: {
      initdb?: { database?: string; owner?: string; postInitApplicationSQL?: string[] };
      recovery?: unknown;
    };
    managed: { roles: { name: string; passwordSecret: { name: string } }[] };
    postgresql: {
      synchronous: { method: string; number: number; dataDurability?: string; failoverQuorum?: boolean };
    };
    plugins?: PluginEntry[];
    externalClusters?: unknown[];
    monitoring?: { enablePodMonitor?: boolean };
  };
  ObjectStore: {
    retentionPolicy: string;
    configuration: {
      destinationPath: string;
      endpointURL?: string;
      s3Credentials?: { accessKeyId: SecretKeyRef; secretAccessKey: SecretKeyRef };
    };
  };
  ScheduledBackup: {
    cluster: { name: string };
    method: string;
    pluginConfiguration?: { name: string };
    schedule: string;
  };
  ImageCatalog: { images: { major: number; image: string }[] };
  PrometheusRule: { groups: { name: string; rules: PrometheusRuleEntry[] }[] };
  PodMonitor: { selector: LabelSelector; podMetricsEndpoints: { port: string }[] };
}
export type Kind = keyof Specs;
/** An object of one of `K`'s kinds with that kind's spec (a union of kinds narrows by `kind`). */
export type K8sObjectOf<K extends Kind> = K extends Kind ? K8sObject & { kind: K; spec: Specs[K] } : never;

/** Whether an object is of one of `kinds`, its spec then read as that kind's. */
export const isKind =
  <K extends Kind>(...kinds: K[]) =>
  (object: K8sObject | undefined): object is K8sObjectOf<K> =>
    object !== undefined && (kinds as string[]).includes(object.kind);
/** The objects of one of `kinds`. */
export const ofKind = <K extends Kind>(objects: K8sObject[], ...kinds: K[]): K8sObjectOf<K>[] =>
  objects.filter(isKind(...kinds));

/** The overlays an operator applies. */
export const OVERLAYS = ['single-node', 'production'] as const;

export const renderOverlay = (overlay: (typeof OVERLAYS)[number]): K8sObject[] =>
  renderKustomization(`overlays/${overlay}`);

/** Any kustomization under k8s/ (an overlay, or k8s/observability). */
export function renderKustomization(dir: string): K8sObject[] {
  let rendered: string;
  try {
    rendered = execFileSync('kubectl', ['kustomize', path.join(root, 'k8s', dir)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw new Error(
      `kubectl kustomize k8s/${dir} failed (kubectl renders offline; it must be on the PATH): ${String((error as { stderr?: string }).stderr ?? error)}`,
    );
  }
  return parseAllDocuments(rendered).map((document) => document.toJS() as K8sObject);
}
