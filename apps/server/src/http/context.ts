import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import type { NotificationBus } from '../db/notify';
import type { LlmClient } from '../llm/client';
import type { Secrets } from '../modules/system/secrets';
import type { FileStore } from '../storage';
import type { Auth } from './auth';

/** The Fastify instance with zod schemas as the type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route modules get: configuration, database, auth, notifications, secrets and the clock. */
export type AppContext = {
  config: Config;
  db: Db;
  auth: Auth;
  /** LISTEN/NOTIFY between the instances on the database. */
  notifications: NotificationBus;
  secrets: Secrets;
  now: () => Date;
  /** The one OpenAI-compatible LLM client (LLM_* settings); its calls answer 503 AI服务未配置 without them. */
  llm: LlmClient;
  /** Where uploaded bytes live (local disk or S3-compatible); the files area signs addresses to them. */
  storage: FileStore;
};
