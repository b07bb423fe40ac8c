import { loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { migrateAndSeed } from './index';

/**
 * `npm run db:seed`: migrates, then adds the default deployment and (unless DEMO_DATA=false) the demo set
 * when the database has no user yet. Stop the server first when it uses the same PGlite directory.
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const result = await migrateAndSeed(database, config);
  console.log(
    result.demoSeeded
      ? 'Demo data added.'
      : config.demoData
        ? 'The database already has users: demo data not added.'
        : 'DEMO_DATA=false: only the default deployment ensured.',
  );
} finally {
  await database.close();
}
