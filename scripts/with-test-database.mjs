// Runs a command (the unit/API tests) with TEST_DATABASE_URL pointing at the local PostgreSQL that
// scripts/setup-system.sh sets up, so `npm test` on a machine set up by the README's first command runs the
// API tests on PGlite and on PostgreSQL, as CI does. An explicit TEST_DATABASE_URL (also an empty one, which
// means PGlite only) is left as it is.
//
//   node scripts/with-test-database.mjs <command> [args...]
import { spawn } from 'node:child_process';
import pg from 'pg';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

const answers = async (url) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

const env = { ...process.env };
if (env.TEST_DATABASE_URL === undefined) {
  if (await answers(LOCAL)) {
    env.TEST_DATABASE_URL = LOCAL;
    console.log(`[tests] API tests run on PGlite and on PostgreSQL at ${LOCAL}`);
  } else {
    console.log(
      `[tests] no PostgreSQL answers at ${LOCAL}: API tests run on PGlite only (bash scripts/setup-system.sh sets one up)`,
    );
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-test-database.mjs <command> [args...]');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
