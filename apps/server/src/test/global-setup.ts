import { ensurePgliteSnapshot, ensurePostgresTemplate, testDrivers } from './database';

/** Runs once before the server tests: checks the drivers, prepares the PGlite snapshot and the PostgreSQL template. */
export default async function setup() {
  testDrivers();
  await Promise.all([ensurePgliteSnapshot(), ensurePostgresTemplate()]);
}
