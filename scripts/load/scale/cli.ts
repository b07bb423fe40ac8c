// What the scale scripts' command lines share: which database they work on.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../apps/server/src/config/config';

/** The cluster's state file (COMMON.md): `npm run cluster` writes it in the repository it was started from. */
export const CLUSTER_FILE = path.join(REPO_ROOT, 'data/cluster/cluster.json');

/**
 * The database to work on: `--database-url`, else the running cluster's (data/cluster/cluster.json), else
 * DATABASE_URL. PostgreSQL only: the generated university is for a scaled-out deployment.
 */
export const databaseUrlOf = (given: string | undefined): string => {
  if (given) return given;
  if (existsSync(CLUSTER_FILE)) {
    const state = JSON.parse(readFileSync(CLUSTER_FILE, 'utf8')) as { databaseUrl?: string };
    if (state.databaseUrl) return state.databaseUrl;
  }
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  throw new Error(
    `no database: pass --database-url postgres://postgres@127.0.0.1:5432/<db>, start the cluster (${path.relative(
      process.cwd(),
      CLUSTER_FILE,
    )}) or set DATABASE_URL`,
  );
};

/** A URL without its password, for printing. */
export const shownUrl = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};
