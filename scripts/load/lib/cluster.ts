import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file is scripts/load/lib/cluster.ts). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where `npm run cluster` writes its state (the shared contract of issue 17). */
export const DEFAULT_CLUSTER_FILE = path.join(ROOT, 'data/cluster/cluster.json');

/** One API instance of the cluster. */
export type ApiInstance = { name: string; port: number; pid: number; url: string };

/** The cluster state file, as `npm run cluster` writes it and rewrites it whenever a pid changes. */
export type ClusterState = {
  startedAt: string;
  proxy: string;
  databaseUrl: string;
  s3?: { endpoint: string; bucket: string };
  llm?: { baseUrl: string };
  postgres?: { managedBy: 'machine' | 'cluster'; restart: string[] };
  api: ApiInstance[];
  workers: { name: string; pid: number }[];
  nginx?: { pid: number; port: number };
};

/** Reads the cluster state file; throws a sentence saying what to run when it is missing. */
export const readCluster = (file = DEFAULT_CLUSTER_FILE): ClusterState => {
  if (!existsSync(file)) {
    throw new Error(`no cluster state at ${file}: start one first (npm run cluster -- --detach)`);
  }
  const state = JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
  if (!state.proxy || !state.databaseUrl || !Array.isArray(state.api)) {
    throw new Error(`${file} lacks proxy, databaseUrl or api`);
  }
  return state;
};

/** True while a process with this pid exists (signal 0 only checks). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
