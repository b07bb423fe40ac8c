import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './state';

/** What `npm run cluster -- ...` was asked. */
export type ClusterOptions = {
  api: number;
  workers: number;
  /** the proxy's port; API instances on port+1..port+api, the S3 store on port+100 */
  port: number;
  /** the database's name; default: DATABASE_URL's, else uplus_cluster */
  database: string | undefined;
  fresh: boolean;
  /** generate a university's data (scripts/load/seed-scale.ts) after the demo data */
  scale: 'small' | 'university' | undefined;
  detach: boolean;
  stop: boolean;
  /** state, logs, store and proxy files (default data/cluster) */
  dir: string;
  /** the scripted model server to run when LLM_BASE_URL is not set: prints LLM_BASE_URL=<url> */
  llmServer: string;
  help: boolean;
  /** the background process --detach starts (it reports to its parent over IPC) */
  supervised: boolean;
};

export const USAGE = `npm run cluster -- [options]

Starts on loopback: PostgreSQL (the machine's, or DATABASE_URL), an S3 store (s3rver), the scripted model
server (unless LLM_BASE_URL is set), N API instances, M code-runner workers and nginx in front, and keeps
them running until Ctrl-C.

  --api N           API instances (default 2), on ports port+1 .. port+N
  --workers M       code-runner worker processes (default 2)
  --port P          the proxy's port (default 8080); the S3 store listens on P+100
  --database NAME   the database (default: DATABASE_URL's, else uplus_cluster); created when missing
  --fresh           drop and recreate the database, and empty the S3 store, first
  --scale S         small or university: generate a university's data (scripts/load/seed-scale.ts)
  --detach          start in the background and return once the proxy answers
  --stop            stop the cluster running on this directory
  --dir PATH        where state, logs, store and proxy files live (default data/cluster)
  --llm-server F    scripted model server to run (default e2e/fixtures/scripted-llm-server.ts)`;

const count = (text: string | undefined, fallback: number, name: string, min: number, max: number) => {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not ${text}`);
  return value;
};

/** Parses the command line; throws a sentence on a bad value. */
export const parseOptions = (argv: string[]): ClusterOptions => {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string' },
      workers: { type: 'string' },
      port: { type: 'string' },
      database: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      scale: { type: 'string' },
      detach: { type: 'boolean', default: false },
      stop: { type: 'boolean', default: false },
      dir: { type: 'string' },
      'llm-server': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      // set by --detach on the background process it starts
      supervised: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const api = count(values.api, 2, 'api', 1, 20);
  const port = count(values.port, 8080, 'port', 1, 65_435);
  if (values.scale !== undefined && values.scale !== 'small' && values.scale !== 'university')
    throw new Error(`--scale must be small or university, not ${values.scale}`);
  return {
    api,
    workers: count(values.workers, 2, 'workers', 0, 20),
    port,
    database: values.database,
    fresh: values.fresh ?? false,
    scale: values.scale as ClusterOptions['scale'],
    detach: values.detach ?? false,
    stop: values.stop ?? false,
    dir: path.resolve(ROOT, values.dir ?? 'data/cluster'),
    llmServer: path.resolve(ROOT, values['llm-server'] ?? 'e2e/fixtures/scripted-llm-server.ts'),
    help: values.help ?? false,
    supervised: values.supervised ?? false,
  };
};
