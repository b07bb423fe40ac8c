import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT } from './state';

/*
 * The Kubernetes manifests a school applies (deploy/kubernetes/), checked against the Kubernetes API's
 * schemas (kubernetes-models: every field's type, required fields, enums) since no cluster runs here,
 * and against what the platform needs of them (probes, CODE_RUNNER_WORKERS=0 on the API, the worker's
 * privileges, the ingress's streaming, body size and timeouts, names that refer to each other).
 */

const DIR = path.join(ROOT, 'deploy/kubernetes');

/** The schema-checked model of each kind the manifests use. */
const MODELS: Record<string, new (data: never) => { validate: () => void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Namespace': Namespace,
  'networking.k8s.io/v1 Ingress': Ingress,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
};

type Manifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string } } & Record<
  string,
  unknown
>;

/** Parses YAML text (several documents) and checks each against its kind's schema; throws what is wrong. */
const checkYaml = (text: string, file = 'manifest'): Manifest[] =>
  parseAllDocuments(text).map((doc, i) => {
    if (doc.errors.length) throw new Error(`${file} #${i + 1}: ${doc.errors[0]?.message}`);
    const data = doc.toJS() as Manifest;
    const Model = MODELS[`${data.apiVersion} ${data.kind}`];
    if (!Model) throw new Error(`${file} #${i + 1}: no schema for ${data.apiVersion} ${data.kind}`);
    new Model(data as never).validate();
    return data;
  });

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
const all = files.flatMap((file) => checkYaml(readFileSync(path.join(DIR, file), 'utf8'), file));
const find = (kind: string, name: string): unknown => {
  const found = all.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/kubernetes`);
  return found;
};

type Container = {
  name: string;
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  securityContext?: { privileged?: boolean };
};
type PodDeployment = {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: { containers: Container[]; terminationGracePeriodSeconds?: number };
    };
  };
};

describe('deploy/kubernetes', () => {
  it('every document passes the Kubernetes schema of its kind, all in one namespace', () => {
    expect(files.sort()).toEqual([
      'api.yaml',
      'configmap.yaml',
      'ingress.yaml',
      'namespace.yaml',
      'secret.example.yaml',
      'worker.yaml',
    ]);
    expect(all.map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual([
      'ConfigMap/uplus-config',
      'Deployment/uplus-api',
      'Deployment/uplus-worker',
      'Ingress/uplus',
      'Ingress/uplus-streams',
      'Ingress/uplus-uploads',
      'Namespace/uplus',
      'PodDisruptionBudget/uplus-api',
      'Secret/uplus-secrets',
      'Service/uplus-api',
    ]);
    for (const m of all.filter((m) => m.kind !== 'Namespace'))
      expect(m.metadata.namespace, m.kind).toBe('uplus');
    // kustomization.yaml names every file but the Secret's example
    const kustomization = parse(readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    expect(kustomization.resources.sort()).toEqual(files.filter((f) => f !== 'secret.example.yaml'));
  });

  it('the schema check is real: a broken manifest is refused', () => {
    const api = readFileSync(path.join(DIR, 'api.yaml'), 'utf8');
    expect(() => checkYaml(api)).not.toThrow();
    expect(() => checkYaml(api.replace('replicas: 2', 'replicas: two'))).toThrow(/replicas must be integer/);
    expect(() => checkYaml(api.replace('containerPort: 3000', 'containerPort: "http"'))).toThrow(
      /containerPort must be integer/,
    );
    expect(() => checkYaml(api.replace('type: ClusterIP', 'type: Cluster'))).toThrow(/allowed values/);
    expect(() =>
      checkYaml(readFileSync(path.join(DIR, 'ingress.yaml'), 'utf8').replace('pathType: Exact', '')),
    ).toThrow(/pathType/);
    expect(() => checkYaml('apiVersion: v1\nkind: Pod\nmetadata: {name: x}\n')).toThrow(/no schema/);
  });

  it('api: probes on /readyz and /livez, no code runs, the ConfigMap and Secret it names exist', () => {
    const api = find('Deployment', 'uplus-api') as PodDeployment;
    expect(api.spec.template.metadata.labels).toMatchObject(api.spec.selector.matchLabels);
    const [container] = api.spec.template.spec.containers;
    expect(container?.command).toEqual(['node', 'apps/server/dist/server.js']);
    expect(container?.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container?.livenessProbe?.httpGet?.path).toBe('/livez');
    expect(container?.env).toContainEqual({ name: 'CODE_RUNNER_WORKERS', value: '0' });
    expect(container?.envFrom).toEqual([
      { configMapRef: { name: 'uplus-config' } },
      { secretRef: { name: 'uplus-secrets' } },
    ]);
    // longer than the drain of SIGTERM
    expect(api.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(20);
    const service = find('Service', 'uplus-api') as { spec: { selector: Record<string, string> } };
    expect(service.spec.selector).toEqual(api.spec.selector.matchLabels);
  });

  it('worker: the worker entry point, privileged for bubblewrap, never CODE_RUNNER_WORKERS=0', () => {
    const worker = find('Deployment', 'uplus-worker') as PodDeployment;
    const [container] = worker.spec.template.spec.containers;
    expect(container?.command?.slice(-2)).toEqual(['node', 'apps/server/dist/worker.js']);
    expect(container?.securityContext?.privileged).toBe(true);
    expect(container?.env?.find((e) => e.name === 'CODE_RUNNER_WORKERS')?.value).not.toBe('0');
    expect(worker.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(20);
    expect(container?.envFrom?.map((e) => e.configMapRef?.name ?? e.secretRef?.name)).toEqual([
      'uplus-config',
      'uplus-secrets',
    ]);
    const config = find('ConfigMap', 'uplus-config') as { data: Record<string, string> };
    expect(config.data.TRUST_PROXY).toBe('true');
    expect(config.data.CODE_RUNNER_WORKERS).toBeUndefined();
  });

  it('ingress: streams unbuffered with 10 minutes, uploads of 2 GB unbuffered, retries on the next pod', () => {
    const annotations = (name: string) =>
      (find('Ingress', name) as { metadata: { annotations: Record<string, string> } }).metadata.annotations;
    const prefix = 'nginx.ingress.kubernetes.io/';
    expect(annotations('uplus')).toMatchObject({
      [`${prefix}proxy-body-size`]: '52m',
      [`${prefix}proxy-next-upstream`]: 'error timeout http_502 http_503 http_504',
    });
    expect(annotations('uplus-streams')).toMatchObject({
      [`${prefix}proxy-buffering`]: 'off',
      [`${prefix}proxy-read-timeout`]: '600',
    });
    expect(annotations('uplus-uploads')).toMatchObject({
      [`${prefix}proxy-body-size`]: '2100m',
      [`${prefix}proxy-request-buffering`]: 'off',
    });
    const paths = all
      .filter((m) => m.kind === 'Ingress')
      .flatMap(
        (m) =>
          (
            m as never as {
              spec: {
                rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
              };
            }
          ).spec.rules[0]?.http.paths ?? [],
      );
    expect(paths.map((p) => p.path)).toEqual([
      '/',
      '/api/course/ai/',
      '/api/course/intelligent/',
      '/api/files/upload',
    ]);
    for (const p of paths) expect(p.backend.service.name).toBe('uplus-api');
  });
});
