import { ensurePgliteSnapshot, testDrivers } from './database';

/** Runs once before the server tests: checks the driver setup and prepares the PGlite snapshot. */
export default async function setup() {
  testDrivers();
  await ensurePgliteSnapshot();
}
