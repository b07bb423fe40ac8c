// The baseline of bench/api: a minimal Fastify (the app's version) answering a constant JSON envelope.
// Started as its own process, like the real server, so both are measured the same way.
import Fastify from 'fastify';

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

await app.listen({ port, host: '127.0.0.1' });
const shutdown = () => {
  app.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
