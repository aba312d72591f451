// Renders a k8s/ overlay as Kubernetes would receive it (`kubectl kustomize`, offline; MACHINE.md).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');

/** A rendered object. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  /** Each kind its own shape: the tests read the fields they check. */
  spec?: any;
  data?: Record<string, string>;
}

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
