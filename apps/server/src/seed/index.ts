import type { Config } from '../config/config';
import { type Database, type Db, migrateDatabase } from '../db/client';
import { loadLookups } from '../modules/member-profile/member-profile.catalog';
import { loadCatalogues } from '../modules/member-profile/member-profile.service';
import { ensureOpenClassDictionaries } from '../modules/open-classes/catalogue.service';
import { ensureDefaultDeployment } from '../modules/site/site.service';
import { countUsers } from '../modules/users/users.service';
import { createFileStore, type FileStore } from '../storage';
import { seedDemoData } from './demo';

/**
 * Every installation gets the default product deployment. The demo set is added when DEMO_DATA is on and
 * the database holds no user yet (a database with real users is never touched).
 */
/**
 * `storage`: where demo files (the open course's video, a company seal) are written, the app's own store.
 */
export const seedIfNeeded = async (opts: { db: Db; demoData: boolean; port: number; storage: FileStore }) => {
  await ensureDefaultDeployment({ db: opts.db });
  await loadCatalogues({ db: opts.db }); // issue 12: school and major catalogues, on every start
  await loadLookups({ db: opts.db }); // issue 13: divisions and occupations, on every start
  await ensureOpenClassDictionaries({ db: opts.db });
  if (!opts.demoData || (await countUsers({ db: opts.db })) > 0) return { demoSeeded: false };
  await opts.db.transaction((tx) => seedDemoData({ db: tx, port: opts.port, storage: opts.storage }));
  return { demoSeeded: true };
};

/**
 * What a start does to the database before anything else, under the cluster-wide lock (instances started
 * together do not race): the pending migrations, then `seedIfNeeded` with the configuration's demo switch,
 * port and file store. `npm run db:seed` and scripts that fill a database (scripts/load) call it.
 */
export const migrateAndSeed = (database: Database, config: Pick<Config, 'demoData' | 'port' | 'storage'>) =>
  database.withLock(async () => {
    await migrateDatabase(database);
    return seedIfNeeded({
      db: database.db,
      demoData: config.demoData,
      port: config.port,
      storage: createFileStore(config.storage),
    });
  });
