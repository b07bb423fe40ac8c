// The real app, in this process, for the evaluation scripts: a fresh in-memory PGlite with the demo data,
// listening on a random loopback port, configured from the environment (LLM_BASE_URL etc.) like `npm start`.
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { type Config, loadConfig } from '../../apps/server/src/config/config';
import { migrateDatabase, openPglite } from '../../apps/server/src/db/client';
import { createJobQueue } from '../../apps/server/src/jobs/queue';
import { DEFAULT_CODE_EXECUTION } from '../../apps/server/src/modules/program-execution/program-execution.config';
import { startCodeRunner } from '../../apps/server/src/modules/program-execution/program-execution.runner';
import { seedIfNeeded } from '../../apps/server/src/seed';
import { createFileStore } from '../../apps/server/src/storage';

export const DEMO_TEACHER = 'teacher01';
export const DEMO_PASSWORD = 'Uplus@2026';

export interface RunningApp {
  base: string;
  config: Config;
  close: () => Promise<void>;
}

/** The configuration the app would read from `env` (for the AI服务未配置 check before starting anything). */
export const evalConfig = (env: Record<string, string | undefined> = process.env): Config =>
  loadConfig({
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), 'uplus-eval-unused'),
    DATABASE_URL: undefined,
    DEMO_DATA: 'true',
    LOG_LEVEL: env.EVAL_LOG_LEVEL ?? 'warn',
    // The harness sends hundreds of judge calls as one user: no per-user limit unless the caller sets one.
    AI_RATE_LIMIT_PER_MINUTE: env.AI_RATE_LIMIT_PER_MINUTE ?? '0',
  });

/** Is a model configured (what the AI routes require before they call one)? */
export const llmConfigured = (config: Config) =>
  Boolean(config.llm.baseUrl && (config.llm.model || Object.keys(config.llm.taskModels).length > 0));

export const NOT_CONFIGURED_HELP = [
  'AI服务未配置：the evaluation needs an OpenAI-compatible model endpoint, set like for `npm start`:',
  '  LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=qwen2.5:7b            (Ollama)',
  '  LLM_BASE_URL=http://localhost:8000/v1  LLM_MODEL=<served model name>   (vLLM, llama.cpp server)',
  '  LLM_BASE_URL=https://api.deepseek.com/v1 LLM_API_KEY=... LLM_MODEL=deepseek-chat',
  '  (optional: LLM_MODEL_JUDGE, LLM_MODEL_GENERATE, LLM_MODEL_STRUCTURE for one model per task)',
].join('\n');

/** Starts the app on a fresh in-memory database with the demo data. */
export async function startEvalApp(
  env: Record<string, string | undefined> = process.env,
): Promise<RunningApp> {
  const config = evalConfig(env);
  const database = await openPglite();
  try {
    await migrateDatabase(database);
    await seedIfNeeded({
      db: database.db,
      demoData: true,
      port: 0,
      storage: createFileStore(config.storage),
    });
    // A code runner in this process, as `npm start` has, so generated coding questions get their reference
    // solutions run (without one they would all come back as not run).
    const codeExecution = { ...DEFAULT_CODE_EXECUTION, workers: 1 };
    const quiet = { warn: () => {}, error: () => {} };
    const jobs = createJobQueue({ db: database.db, log: quiet });
    const app = await buildApp(config, { database, jobs, codeExecution });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const runner = await startCodeRunner({
      db: database.db,
      driver: database.driver,
      jobs,
      log: app.log,
      config: codeExecution,
    });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      base: `http://127.0.0.1:${port}`,
      config,
      close: async () => {
        await runner.stop({ timeoutMs: 5000 });
        await app.close();
        await jobs.stop({ timeoutMs: 1000 });
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Signs in through the identity provider's JSON login and returns the access token. */
export async function signIn(
  base: string,
  username = DEMO_TEACHER,
  password = DEMO_PASSWORD,
): Promise<string> {
  const answer = await fetch(`${base}/idp/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await answer.json()) as { success?: boolean; message?: string; data?: { ticket?: string } };
  const ticket = body.data?.ticket;
  if (!answer.ok || !body.success || !ticket) {
    throw new Error(`sign-in as ${username} failed: HTTP ${answer.status} ${body.message ?? ''}`);
  }
  return ticket;
}
