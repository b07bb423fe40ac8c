// The baselines of bench/api: a minimal Fastify (the app's version) answering a constant JSON envelope
// (`/bare`) and, when DATABASE_URL is set, the same after one trivial PostgreSQL round trip through a
// `pg` pool of the app's size (`/bare-db`): the floor any database-backed read pays on this machine.
// Started as its own process, like the real server, so all are measured the same way.
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });
const answer = {
  success: true,
  code: 200,
  message: 'ok',
  data: { name: 'bench', userid: '1', organId: '1', organName: 'bench', username: 'bench' },
};
app.get('/bare', async () => answer);
app.get('/get_appconfig', async () => answer);

const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : null;
if (pool) {
  app.get('/bare-db', async () => {
    const result = await pool.query({
      name: 'bench_one',
      text: 'select $1::text as name',
      values: ['bench'],
    });
    return { ...answer, data: { ...answer.data, name: result.rows[0]?.name } };
  });
}

await app.listen({ port, host: '127.0.0.1' });
const shutdown = () => {
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
