// `npm run load:seed -- [--database-url postgres://...] [--scale university|small]`: a university's worth of
// data (issue 17) in a PostgreSQL database, for the cluster's load run and the list measurements.
//
// university: 20,000 students (ld-s00001..), 1,000 teachers (ld-t0001..) with 2,000 courses, their classes
// and enrolments (5 courses a student), 4,000 published homework (a choice, a short answer and a
// programming question each) with 50,000 submitted submissions, 200 companies (business users ld-b0001..)
// with 4,000 positions, 100,000 deliveries with feedback, a complete profile and an online resume for every
// student; every password is Uplus@2026. small: about 1/100 of it (seconds; the CI's short cluster run).
// See scripts/load/scale/spec.ts for every number.
//
// The database is migrated first and, when it has no user yet, gets what a server's first start adds
// (catalogues, the default deployment and, unless DEMO_DATA=false, the demo set; demo files go to the store
// the environment's S3_* / FILES_DIR name). Everything is generated in one transaction through the
// services' own insert paths (or their tables through Drizzle, in batches of 1,000, with the values the
// services store); a database that holds the generated university already is left as it is.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { migrateAndSeed } from '../../apps/server/src/seed';
import { databaseUrlOf, shownUrl } from './scale/cli';
import { generateScaleData, scaleCounts } from './scale/generate';
import { SCALES, type ScaleName } from './scale/spec';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, scale: { type: 'string', default: 'university' } },
});
const scale = values.scale as ScaleName;
if (!(scale in SCALES) || scale === 'tiny') {
  console.error(`--scale must be university or small, not ${values.scale}`);
  process.exit(2);
}
const url = databaseUrlOf(values['database-url']);
const log = (line: string) => console.log(`[load:seed] ${line}`);
const started = performance.now();
const database = await openPostgres(url, { max: 2 });
try {
  log(`${scale} into ${shownUrl(url)}`);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const seeded = await migrateAndSeed(database, config);
  log(
    `migrated${seeded.demoSeeded ? ', demo data added' : ''} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const result = await generateScaleData({ db: database.db, spec: SCALES[scale], log });
  if (!result.generated) {
    log('the generated university is there already: nothing added');
  } else {
    // As autovacuum leaves a table some time after a bulk insert: statistics for the planner, and the
    // visibility map that lets index-only scans skip the table.
    const vacuuming = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    log(`vacuum analyze ${((performance.now() - vacuuming) / 1000).toFixed(1)} s`);
  }
  for (const [kind, count] of Object.entries(await scaleCounts(database.db)))
    log(`  ${kind.padEnd(18)} ${String(count).padStart(8)}`);
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
